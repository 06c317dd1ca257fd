import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonStyles } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { useLogout } from '@/features/auth/api/logout';
import { LazyNotificationBell } from '@/features/notifications/components/lazy-notification-bell';
import { useSession } from '@/hooks/use-session';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import type { User } from '@/lib/user';
import { BrandLink } from './brand-link';

type NavItem = {
  to: string;
  label: string;
  end?: boolean;
  /** When the link is the current one, where the address alone does not tell. */
  activeOn?: (pathname: string) => boolean;
};

const PUBLIC_LINKS: NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.allProperties, label: 'All Properties' },
  { to: paths.about, label: 'About' },
];

/*
 * Profile deliberately points at the dashboard too: its index page is the profile.
 * One of the two is highlighted: Profile on the profile itself, as the dashboard's menu does,
 * Dashboard on every other dashboard page.
 */
const MEMBER_LINKS: NavItem[] = [
  {
    to: paths.dashboard.root,
    label: 'Dashboard',
    activeOn: (pathname) => pathname.startsWith(`${paths.dashboard.root}/`),
  },
  { to: paths.dashboard.root, label: 'Profile', end: true },
];

const linkStyle = (active: boolean) =>
  cn(
    'block rounded-lg px-3 py-2 font-medium transition-colors hover:bg-teal-50 hover:text-teal-900',
    active ? 'bg-teal-100 text-teal-900' : 'text-stone-800',
  );

type NavLinksProps = {
  user: User | null;
  layout: 'row' | 'column';
  onNavigate?: () => void;
};

function NavLinks({ user, layout, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  const items = user ? [...PUBLIC_LINKS, ...MEMBER_LINKS] : PUBLIC_LINKS;
  return (
    <ul className={cn('flex', layout === 'row' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {items.map((item) => (
        <li key={item.label}>
          {item.activeOn ? (
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={item.activeOn(pathname) ? 'page' : undefined}
              className={linkStyle(item.activeOn(pathname))}
            >
              {item.label}
            </Link>
          ) : (
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) => linkStyle(isActive)}
            >
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

type AuthActionsProps = {
  user: User | null;
  onLogout: () => void;
  loggingOut: boolean;
  onNavigate?: () => void;
};

function AuthActions({ user, onLogout, loggingOut, onNavigate }: AuthActionsProps) {
  if (!user) {
    return (
      <>
        <Link
          to={paths.login}
          onClick={onNavigate}
          className={buttonStyles({ variant: 'secondary' })}
        >
          Login
        </Link>
        <Link to={paths.register} onClick={onNavigate} className={buttonStyles()}>
          Register
        </Link>
      </>
    );
  }
  return (
    <>
      <Avatar name={user.name} src={user.photo} />
      <Button variant="secondary" onClick={onLogout} disabled={loggingOut}>
        Log Out
      </Button>
    </>
  );
}

// Only signed-in visitors can log out, so everyone else never downloads the dialog.
const LogoutSuccessDialog = lazy(() =>
  import('@/features/auth/components/logout-success-dialog').then((m) => ({
    default: m.LogoutSuccessDialog,
  })),
);

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The small-screen menu is a disclosure rather than a modal so the first page load carries no
 * dialog library; it closes on Escape, on a click outside the bar and on navigation.
 */
function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, setOpen, headerRef, buttonRef };
}

/** The fixed top bar; below `lg` its links fold into a menu. */
export function Navbar() {
  const session = useSession();
  const logout = useLogout();
  const menu = useMobileMenu();
  const user = session.data?.user ?? null;
  /*
   * Until the session is known, neither Login nor Log Out is true, so show neither. A session
   * check that failed is not a signed-out visitor either: the bar stays neutral while the page
   * offers to try again.
   */
  const sessionKnown = session.data !== undefined;

  const closeMenu = () => menu.setOpen(false);
  const onLogout = () => {
    closeMenu();
    logout.mutate();
  };

  return (
    <header
      ref={menu.headerRef}
      className="fixed inset-x-0 top-0 z-40 border-b border-sand bg-cream/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLink />

        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks user={user} layout="row" />
        </nav>

        <div className="flex items-center gap-2 lg:gap-3">
          {/*
            On every screen size: the count matters as much on a phone. Not while signing out: a
            bell whose code arrives then would ask for a count the ended session is refused.
          */}
          {user && !logout.isPending && <LazyNotificationBell userId={user._id} />}

          <div
            aria-busy={!sessionKnown}
            className="hidden min-w-44 items-center justify-end gap-3 lg:flex"
          >
            {sessionKnown && (
              <AuthActions user={user} onLogout={onLogout} loggingOut={logout.isPending} />
            )}
          </div>

          <Button
            ref={menu.buttonRef}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Menu"
            aria-expanded={menu.open}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => menu.setOpen(!menu.open)}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </div>
      </div>

      {menu.open && (
        <div
          id={MOBILE_MENU_ID}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-sand bg-cream px-4 pt-3 pb-6 shadow-lg sm:px-6 lg:hidden"
        >
          <nav aria-label="Main">
            <NavLinks user={user} layout="column" onNavigate={closeMenu} />
          </nav>
          {sessionKnown && (
            <div className="mt-4 flex items-center gap-3 border-t border-sand pt-4">
              <AuthActions
                user={user}
                onLogout={onLogout}
                loggingOut={logout.isPending}
                onNavigate={closeMenu}
              />
            </div>
          )}
        </div>
      )}

      {logout.isSuccess && (
        <Suspense fallback={null}>
          <LogoutSuccessDialog open onClose={logout.reset} />
        </Suspense>
      )}
    </header>
  );
}
