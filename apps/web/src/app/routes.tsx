import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { RouteErrorScreen } from '../components/error-boundary';
import { HomePage } from '../features/marketing/home-page';
import { RedirectIfSignedIn, RequireAuth } from './auth-guards';
import { PublicLayout } from './public-layout';

/** Loads a route module only when its path is visited (code splitting by route). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const publicPages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'about', ...page(() => import('../features/marketing/about-page')) },
  { path: 'features', ...page(() => import('../features/marketing/features-page')) },
  { path: 'contact', ...page(() => import('../features/contact/contact-page')) },
  { path: 'faq', ...page(() => import('../features/faq/faq-page')) },
  { path: 'feedback', ...page(() => import('../features/feedback/feedback-page')) },
  { path: 'privacy', ...page(() => import('../features/marketing/privacy-page')) },
  { path: 'terms', ...page(() => import('../features/marketing/terms-page')) },
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: 'login', ...page(() => import('../features/auth/login-page')) },
      { path: 'signup', ...page(() => import('../features/auth/signup-page')) },
      { path: 'reset-password', ...page(() => import('../features/auth/reset-password-page')) },
      { path: 'restore-account', ...page(() => import('../features/auth/restore-account-page')) },
    ],
  },
  { path: 'verify-email', ...page(() => import('../features/auth/verify-email-page')) },
  { path: 'forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
  {
    path: 'verification-recovery',
    ...page(() => import('../features/auth/verification-recovery-page')),
  },
  {
    path: 'debug-verification',
    ...page(() => import('../features/auth/debug-verification-page')),
  },
  { path: '*', ...page(() => import('../features/marketing/not-found-page')) },
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

/** The signed-in area: the shell and its six children, loaded only when visited. */
const dashboardPages: RouteObject[] = [
  { index: true, ...page(() => import('../features/dashboard/dashboard-page')) },
  { path: 'todos', ...page(() => import('../features/todos/todos-page')) },
  { path: 'daily-goals', ...page(() => import('../features/daily-goals/daily-goals-page')) },
  { path: 'social', ...page(() => import('../features/social/social-page')) },
  { path: 'profile', ...page(() => import('../features/profile/profile-page')) },
  { path: 'settings', ...page(() => import('../features/settings/settings-page')) },
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
