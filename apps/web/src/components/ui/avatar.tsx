import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from '@/lib/cn';

function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type AvatarProps = {
  name: string;
  src: string | null;
  className?: string;
};

/** The person's photo, or their initials while it loads or when there is none. */
export function Avatar({ name, src, className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cn(
        'inline-flex size-10 shrink-0 overflow-hidden rounded-full bg-teal-100 ring-2 ring-white',
        className,
      )}
    >
      {src && (
        <RadixAvatar.Image src={src} alt={name} title={name} className="size-full object-cover" />
      )}
      <RadixAvatar.Fallback
        role="img"
        aria-label={name}
        title={name}
        className="flex size-full items-center justify-center font-semibold text-teal-900"
      >
        {initials(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
