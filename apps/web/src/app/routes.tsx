import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import HomePage from '../features/marketing/home-page';
import { RedirectIfSignedIn, RequireAuth } from './auth-guards';
import type { RouteHandle } from './document-title';
import { PublicLayout } from './public-layout';
import { RouteErrorScreen } from './route-error-screen';

/**
 * Loads a route module only when its path is visited (code splitting by route); `title` names the
 * page in the browser tab (app/document-title.tsx).
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  title?: string,
): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: RouteHandle = { title };
  return { lazy: async () => ({ Component: (await load()).default }), handle };
}

const publicPages: RouteObject[] = [
  // Opened from the address bar, `/` is the home page's own entry (src/home.tsx, ADR 0018 step
  // 13). In the app it is not loaded on first use: signing out and deleting the account leave
  // the protected area for it in one step, before the session is read again (lib/session.ts).
  { index: true, element: <HomePage /> },
  { path: 'about', ...page(() => import('../features/marketing/about-page'), 'About') },
  { path: 'features', ...page(() => import('../features/marketing/features-page'), 'Features') },
  { path: 'contact', ...page(() => import('../features/contact/contact-page'), 'Contact') },
  { path: 'faq', ...page(() => import('../features/faq/faq-page'), 'FAQ') },
  { path: 'feedback', ...page(() => import('../features/feedback/feedback-page'), 'Feedback') },
  {
    path: 'privacy',
    ...page(() => import('../features/marketing/privacy-page'), 'Privacy Policy'),
  },
  { path: 'terms', ...page(() => import('../features/marketing/terms-page'), 'Terms of Service') },
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: 'login', ...page(() => import('../features/auth/login-page'), 'Login') },
      { path: 'signup', ...page(() => import('../features/auth/signup-page'), 'Sign Up') },
      {
        path: 'reset-password',
        ...page(() => import('../features/auth/reset-password-page'), 'Reset Password'),
      },
      {
        path: 'restore-account',
        ...page(() => import('../features/auth/restore-account-page'), 'Restore Account'),
      },
    ],
  },
  { path: 'sso/link', ...page(() => import('../features/auth/sso-link-page'), 'Connect SSO') },
  {
    path: 'verify-email',
    ...page(() => import('../features/auth/verify-email-page'), 'Verify Email'),
  },
  {
    path: 'forgot-password',
    ...page(() => import('../features/auth/forgot-password-page'), 'Forgot Password'),
  },
  {
    path: 'verification-recovery',
    ...page(() => import('../features/auth/verification-recovery-page'), 'Verification Recovery'),
  },
  {
    path: 'debug-verification',
    ...page(() => import('../features/auth/debug-verification-page'), 'Verification Debug'),
  },
  {
    path: 'unsubscribe',
    ...page(() => import('../features/notifications/unsubscribe-page'), 'Reminder Emails'),
  },
  { path: '*', ...page(() => import('../features/marketing/not-found-page'), 'Page Not Found') },
];

/** The public pages rendered to HTML at build time (scripts/prerender.mjs). */
export const PRERENDERED_PATHS = [
  '/',
  '/about',
  '/features',
  '/contact',
  '/faq',
  '/feedback',
  '/privacy',
  '/terms',
  '/login',
  '/signup',
  '/forgot-password',
  '/restore-account',
  '/verification-recovery',
] as const;

/** The signed-in area: the shell and its children, loaded only when visited. */
const dashboardPages: RouteObject[] = [
  { index: true, ...page(() => import('../features/dashboard/dashboard-page'), 'Dashboard') },
  { path: 'today', ...page(() => import('../features/agenda/today-page'), 'Today') },
  { path: 'upcoming', ...page(() => import('../features/agenda/upcoming-page'), 'Upcoming') },
  // The end-of-day review (issue 33): reached from Today and from the review reminder.
  { path: 'review', ...page(() => import('../features/agenda/review-page'), 'Review') },
  // The calendar (ADR 0031): the agenda's month and week, with the todos' dialog (calendar-route).
  { path: 'calendar', ...page(() => import('./calendar-route'), 'Calendar') },
  { path: 'todos', ...page(() => import('../features/todos/todos-page'), 'Todos') },
  // A list's page, and the Inbox's at lists/inbox (ADR 0029); the tab and the header take the
  // list's name once it is read (app/dashboard-layout.tsx).
  { path: 'lists/:id', ...page(() => import('../features/todos/list-page'), 'List') },
  // A saved filter's page (ADR 0028): the filters feature's page around the todos' board,
  // composed in app/ (filter-route.tsx); its name is the tab's and the header's title.
  { path: 'filters/:id', ...page(() => import('./filter-route'), 'Filter') },
  {
    path: 'daily-goals',
    ...page(() => import('../features/daily-goals/daily-goals-page'), 'Daily Goals'),
  },
  { path: 'social', ...page(() => import('../features/social/social-page'), 'Social') },
  { path: 'profile', ...page(() => import('../features/profile/profile-page'), 'Profile') },
  { path: 'settings', ...page(() => import('../features/settings/settings-page'), 'Settings') },
  // The admin page (ADR 0039): 'Page not found' to anyone but an admin.
  { path: 'admin', ...page(() => import('../features/admin/admin-page'), 'Admin') },
  // Inside the shell: a mistyped address keeps the sidebar and leads back to the dashboard.
  {
    path: '*',
    ...page(() => import('../features/dashboard/not-found-page'), 'Page Not Found'),
  },
];

export const routes: RouteObject[] = [
  {
    path: 'dashboard',
    element: <RequireAuth />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        ...page(() => import('./dashboard-layout')),
        children: [{ errorElement: <RouteErrorScreen />, children: dashboardPages }],
      },
    ],
  },
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // A page's render error keeps the navigation bar and footer around the error screen.
        errorElement: <RouteErrorScreen />,
        children: publicPages,
      },
    ],
  },
];
