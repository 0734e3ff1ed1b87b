import { useQuery } from '@tanstack/react-query';
import {
  Calendar,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  LayoutDashboard,
  ListTodo,
  Menu,
  Settings,
  ShieldCheck,
  Target,
  User,
  Users,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';

import { Avatar } from '../components/avatar';
import { IconButton } from '../components/button';
import { EmailAddress } from '../components/email-address';
import { InPageReminder } from '../components/in-page-reminder';
import { NavCount, navItemClass } from '../components/nav-item';
import { OfflineStatus } from '../components/offline-status';
import { SignOutButton } from '../components/sign-out-button';
import { SkipLink } from '../components/skip-link';
import { ThemeToggle } from '../components/theme-toggle';
import { CloseOnBack, useDialogLinkClick } from '../components/use-close-on-back';
import { useAgendaCounts, useAgendaRealtime } from '../features/agenda/use-agenda';
import { usePlanReminders } from '../features/daily-goals/use-plan-reminders';
import { filterIdOfPath, findFilter, savedFiltersQuery } from '../features/filters/api';
import { FiltersNav } from '../features/filters/filters-nav';
import { SaveAsFilter } from '../features/filters/save-as-filter';
import { useProfile } from '../features/profile/use-profile';
import { ListsNav } from '../features/todos/lists-nav';
import { useTodoReminders } from '../features/todos/use-todo-reminders';
import { findList, INBOX, listIdOfPath, listsQuery } from '../lib/lists';
import { useRenewPushSubscription } from '../lib/push';
import { RealtimeProvider } from '../lib/realtime';
import { useSession } from '../lib/session';
import { KeyboardShortcuts } from './dashboard-layout-shortcuts';
import { RouteTitle } from './document-title';
import { AppScrollRestoration } from './scroll-restoration';

// The focus timer's bar is fetched after the shell, never in its first load (ADR 0032).
const FocusBar = lazy(() => import('../features/focus/focus-bar'));

const noop = () => undefined;

/**
 * Navigation items. Dashboard is active on an exact match (`end`), the rest by prefix. Today and
 * Upcoming show how many open items they hold (`count`).
 */
const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, exact: true },
  { to: '/dashboard/today', label: 'Today', icon: CalendarDays, exact: false, count: 'today' },
  {
    to: '/dashboard/upcoming',
    label: 'Upcoming',
    icon: CalendarClock,
    exact: false,
    count: 'upcoming',
  },
  { to: '/dashboard/calendar', label: 'Calendar', icon: Calendar, exact: false },
  { to: '/dashboard/todos', label: 'Todos', icon: ListTodo, exact: false },
  { to: '/dashboard/daily-goals', label: 'Daily Goals', icon: Target, exact: false },
  { to: '/dashboard/social', label: 'Social', icon: Users, exact: false },
  { to: '/dashboard/profile', label: 'Profile', icon: User, exact: false },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings, exact: false },
] as const;

/**
 * The navigation item a path is in: Dashboard on an exact match, the others by prefix, as the
 * sidebar marks them. Its name is the header's title.
 */
export function activeNavItem(pathname: string): (typeof NAV_ITEMS)[number] | undefined {
  return NAV_ITEMS.find(({ to, exact }) =>
    exact ? pathname === to : pathname === to || pathname.startsWith(`${to}/`),
  );
}

/**
 * The header's title, the name of the active item (docs/product/dashboard.md): a list page's is
 * the list's name (the Inbox's 'Inbox'), once the lists are read, and a saved filter's page the
 * filter's (ADR 0028).
 */
function useHeaderTitle(pathname: string): string | undefined {
  const listId = listIdOfPath(pathname);
  const filterId = filterIdOfPath(pathname);
  const lists = useQuery({ ...listsQuery(), enabled: listId !== null });
  const filters = useQuery({ ...savedFiltersQuery(), enabled: filterId !== null });
  if (filterId !== null) {
    return findFilter(filters.data, filterId)?.name;
  }
  if (listId === null) {
    return activeNavItem(pathname)?.label;
  }
  return listId === INBOX ? 'Inbox' : findList(lists.data, listId)?.name;
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { user, admin } = useSession();
  // In the phone's menu a link replaces the menu's history entry (use-close-on-back.ts).
  const followLink = useDialogLinkClick(onNavigate ?? noop);
  const counts = useAgendaCounts().data;
  // The picture comes from the profile, which a saved or removed picture updates at once.
  const pictureUrl = useProfile().data?.pictureUrl ?? null;

  const name = user?.name.trim() ?? '';
  return (
    <div className="flex h-full flex-col bg-white dark:bg-gray-900">
      <Link
        to="/"
        onClick={(event) => followLink(event, '/')}
        className="flex h-16 items-center gap-2 border-b border-gray-200 px-6 text-lg font-bold dark:border-gray-800"
      >
        <CalendarCheck aria-hidden className="size-7 text-blue-600 dark:text-blue-400" />
        Daywise
      </Link>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {NAV_ITEMS.map(({ to, label, icon: Icon, exact, ...item }) => {
            const count = 'count' in item ? counts?.[item.count] : undefined;
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  end={exact}
                  onClick={(event) => followLink(event, to)}
                  className={({ isActive }) => navItemClass(isActive)}
                >
                  <Icon aria-hidden className="size-5" />
                  {label}
                  <NavCount count={count} />
                </NavLink>
              </li>
            );
          })}
          {/* Only an admin sees the link; the page and its API answer everyone else 404 (ADR 0039). */}
          {admin && (
            <li>
              <NavLink
                to="/dashboard/admin"
                onClick={(event) => followLink(event, '/dashboard/admin')}
                className={({ isActive }) => navItemClass(isActive)}
              >
                <ShieldCheck aria-hidden className="size-5" />
                Admin
              </NavLink>
            </li>
          )}
        </ul>
        <ListsNav followLink={followLink} />
        <FiltersNav followLink={followLink} />
      </nav>
      <div className="border-t border-gray-200 p-4 dark:border-gray-800">
        <div className="flex items-center gap-3">
          <Avatar name={name} src={pictureUrl} size={40} decorative />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{name || 'User'}</p>
            {user && (
              <EmailAddress
                email={user.email}
                className="text-xs text-gray-600 dark:text-gray-300"
              />
            )}
          </div>
        </div>
        <SignOutButton
          variant="bare"
          className="mt-4 flex w-full items-center justify-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Sign out
        </SignOutButton>
      </div>
    </div>
  );
}

/** Today, Upcoming and the badges follow realtime events; inside the provider, which it needs. */
function AgendaRealtime() {
  useAgendaRealtime();
  return null;
}

/**
 * Schedules the reminders and keeps this browser's push subscription. A component of its own, so
 * that the reads these follow (settings, todos, plans) render it alone when they come in, not the
 * whole shell with them.
 */
function Reminders() {
  useTodoReminders();
  usePlanReminders();
  useRenewPushSubscription();
  return null;
}

/**
 * The signed-in shell: a sidebar fixed on large screens and a slide-over on small ones, a header
 * with the menu button and theme toggle, and the section's document title. Reminders are
 * scheduled and the realtime socket is held here, so both work on every signed-in page.
 */
export default function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const title = useHeaderTitle(location.pathname);

  return (
    <RealtimeProvider>
      <Reminders />
      {/* The window scrolls here too, not an inner element: a new section opens at its top and
          back or forward returns to where the user was (docs/product/dashboard.md). */}
      <AppScrollRestoration />
      <RouteTitle
        page={
          listIdOfPath(location.pathname) === null && filterIdOfPath(location.pathname) === null
            ? undefined
            : title
        }
      />
      <AgendaRealtime />
      <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
        <SkipLink target="main" />
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-gray-200 lg:block dark:border-gray-800">
          <Sidebar />
        </aside>
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none lg:hidden">
              {/* Back closes the menu and keeps the page. */}
              <CloseOnBack onClose={() => setMenuOpen(false)} />
              <Dialog.Title className="sr-only">Navigation</Dialog.Title>
              <Dialog.Description className="sr-only">
                Pages of your Daywise account
              </Dialog.Description>
              <Dialog.Close asChild>
                <IconButton
                  label="Close menu"
                  tone="bare"
                  className="absolute top-2.5 right-3 z-10 inline-flex size-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
                >
                  <X aria-hidden className="size-5" />
                </IconButton>
              </Dialog.Close>
              <Sidebar onNavigate={() => setMenuOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <div className="lg:pl-64">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-gray-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-gray-800 dark:bg-gray-900/90">
            <IconButton
              onClick={() => setMenuOpen(true)}
              label="Open menu"
              tone="chrome"
              className="lg:hidden"
            >
              <Menu aria-hidden className="size-6" />
            </IconButton>
            {/* The name of the active item (docs/product/dashboard.md); the page's own heading
                stays its one heading. */}
            <p className="flex-1 truncate text-lg font-semibold">{title}</p>
            <Suspense fallback={null}>
              <FocusBar />
            </Suspense>
            <KeyboardShortcuts />
            <ThemeToggle />
          </header>
          <OfflineStatus className="sticky top-16 z-20" />
          {/* The skip link's target; focusable so that the next Tab goes on from it. */}
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto max-w-6xl p-4 outline-none sm:p-6 lg:p-8"
          >
            <Outlet />
          </main>
          <InPageReminder />
          {/* A todo page's 'Save as filter' opens the saved filters' dialog (ADR 0028). */}
          <SaveAsFilter />
        </div>
      </div>
    </RealtimeProvider>
  );
}
