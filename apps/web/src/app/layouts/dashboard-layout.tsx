import type { Role } from '@keyhaven/shared';
import { TOUR_PAGE_TITLES } from '@keyhaven/shared/constants';
import { type ReactNode, Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import { Sheet, SheetContent, SheetTrigger } from '@/components/ui/sheet';
import { PageSpinner } from '@/components/ui/spinner';
import { UnreadMessagesBadge } from '@/features/conversations/components/unread-messages-badge';
import { useSignedInUser } from '@/hooks/use-session';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { ROLE_LABELS } from '@/lib/user';

/** `badge`: what the item shows after its label, such as a count of what waits there. */
type MenuItem = { to: string; label: string; end?: boolean; badge?: ReactNode };

const { dashboard } = paths;
const PROFILE: MenuItem = { to: dashboard.root, label: 'My Profile', end: true };
/** What every role has: the notifications and messages that keep them told. */
const STAYING_TOLD: MenuItem[] = [
  { to: dashboard.notifications, label: 'Notifications' },
  { to: dashboard.messages, label: 'Messages', badge: <UnreadMessagesBadge /> },
  { to: dashboard.notificationSettings, label: 'Notification Settings' },
];

const ADMIN_MENU: MenuItem[] = [
  PROFILE,
  { to: dashboard.marketplace, label: 'Marketplace' },
  { to: dashboard.manageUsers, label: 'Manage Users' },
  { to: dashboard.manageProperties, label: 'Manage Properties' },
  { to: dashboard.manageReviews, label: 'Manage Reviews' },
  { to: dashboard.refunds, label: 'Refunds' },
  { to: dashboard.reportedListings, label: 'Reported Listings' },
  { to: dashboard.failedJobs, label: 'Failed Jobs' },
  { to: dashboard.auditLog, label: 'Audit Log' },
  ...STAYING_TOLD,
];

const AGENT_MENU: MenuItem[] = [
  PROFILE,
  { to: dashboard.addProperty, label: 'Add Property' },
  { to: dashboard.myProperties, label: 'My Properties' },
  { to: dashboard.soldProperties, label: 'Sold Properties' },
  { to: dashboard.requests, label: 'Requested Properties' },
  { to: dashboard.tours, label: TOUR_PAGE_TITLES.agent },
  { to: dashboard.analytics, label: 'Analytics' },
  { to: dashboard.agentProfile, label: 'My Agent Profile' },
  ...STAYING_TOLD,
];

const BUYER_MENU: MenuItem[] = [
  PROFILE,
  { to: dashboard.wishlist, label: 'My Wish List' },
  { to: dashboard.bought, label: 'My Bought Properties' },
  { to: dashboard.myTours, label: TOUR_PAGE_TITLES.buyer },
  { to: dashboard.reviews, label: 'My Reviews' },
  { to: dashboard.savedSearches, label: 'Saved Searches' },
  ...STAYING_TOLD,
];

/** A buyer is any role other than admin or agent: fraud users keep their buyer's history. */
function menuFor(role: Role) {
  if (role === 'admin') return ADMIN_MENU;
  if (role === 'agent') return AGENT_MENU;
  return BUYER_MENU;
}

function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSignedInUser();
  return (
    <>
      <div className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm">
        <Avatar name={user.name} src={user.photo} className="size-12" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{user.name}</p>
          <p className="text-sm text-teal-800">{ROLE_LABELS[user.role]}</p>
        </div>
      </div>
      <nav aria-label="Dashboard" className="mt-6">
        <ul className="space-y-1">
          {menuFor(user.role).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center justify-between gap-3 rounded-lg px-4 py-2.5 font-medium transition-colors',
                    isActive
                      ? 'bg-teal-700 text-white'
                      : 'text-stone-800 hover:bg-teal-50 hover:text-teal-900',
                  )
                }
              >
                {item.label}
                {item.badge}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * The dashboard frame: a permanent `w-80` sidebar from `lg` up, a drawer below. It renders under
 * `RequireAuth`, which shows the loading and error views while the user (and so the role) loads.
 */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1">
      <aside className="hidden w-80 shrink-0 border-r border-sand lg:block">
        <div className="sticky top-16 p-6">
          <DashboardMenu />
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <div className="border-b border-sand px-4 py-3 sm:px-6 lg:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="secondary" aria-label="Open dashboard menu">
                <MenuIcon className="size-5" />
                Dashboard menu
                {/* On a phone the menu is folded away: what waits in Messages shows on its button. */}
                <UnreadMessagesBadge />
              </Button>
            </SheetTrigger>
            <SheetContent title="Dashboard">
              <DashboardMenu onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
        </div>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
