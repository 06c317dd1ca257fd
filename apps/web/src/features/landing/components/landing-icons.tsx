import { Icon, type IconProps } from '@/components/ui/icon';

/*
 * Line icons of the home sections. They live here, not in components/ui/icons.tsx, because that
 * module is part of the first page load and these sections are not.
 */

export const UserPlusIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M19 8v6M22 11h-6" />
  </Icon>
);

export const SearchHeartIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.35-4.35" />
    <path d="M11 14.2s-3-1.8-3-3.7a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 1.9-3 3.7-3 3.7z" />
  </Icon>
);

export const HandshakeIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="M11 17l2 2a1 1 0 1 0 3-3" />
    <path d="M14 14l2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4" />
    <path d="m21 3 1 11h-2M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3M3 4h8" />
  </Icon>
);

export const CardIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </Icon>
);

export const StarLineIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z" />
  </Icon>
);

export const ShieldCheckIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const BadgeCheckIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <circle cx="12" cy="8" r="6" />
    <path d="m9 8 2 2 4-4" />
    <path d="M8.5 13.5 7 22l5-3 5 3-1.5-8.5" />
  </Icon>
);

export const LockIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <rect x="3" y="11" width="18" height="11" rx="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </Icon>
);

export const HeadsetIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon strokeWidth={1.8} {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
