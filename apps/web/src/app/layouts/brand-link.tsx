import { Link } from 'react-router';
import { HomeIcon } from '@/components/ui/icons';
import { BRAND_NAME } from '@/lib/brand';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** The brand title, which always leads home. */
export function BrandLink({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight',
        tone === 'dark' ? 'text-teal-900' : 'text-cream',
      )}
    >
      <span
        className={cn(
          'inline-flex size-9 items-center justify-center rounded-lg',
          tone === 'dark' ? 'bg-teal-700 text-cream' : 'bg-cream text-teal-800',
        )}
      >
        <HomeIcon className="size-5" />
      </span>
      {BRAND_NAME}
    </Link>
  );
}
