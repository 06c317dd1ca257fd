import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';

type ProfileCardProps = {
  /** Names the card's landmark: 'Profile details', 'About the agent'. */
  label: string;
  name: string;
  image: string | null;
  /** What stands beside the photo on the banner: the name, then a line or two. */
  banner: ReactNode;
  /** The card's body under the banner. */
  children: ReactNode;
};

/** A person's card: their photo and name on a teal banner, what we know of them below. */
export function ProfileCard({ label, name, image, banner, children }: ProfileCardProps) {
  return (
    <section
      aria-label={label}
      className="mt-8 overflow-hidden rounded-2xl border border-sand bg-white shadow-sm"
    >
      <div className="flex flex-col items-center gap-4 bg-linear-to-r from-teal-800 to-teal-900 px-6 py-8 text-center sm:flex-row sm:text-left">
        <Avatar name={name} src={image} className="size-24 text-2xl ring-4" sizes="96px" />
        <div className="min-w-0 text-white">{banner}</div>
      </div>
      {children}
    </section>
  );
}
