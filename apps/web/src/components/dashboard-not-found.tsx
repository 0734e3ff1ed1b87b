import { MESSAGES } from '@daywise/shared';
import { LayoutDashboard, SearchX } from 'lucide-react';
import { Link } from 'react-router';

/**
 * A path under /dashboard the router does not know: said inside the signed-in shell, sidebar and
 * all, with the way back to the dashboard rather than to the public site (docs/product/dashboard.md).
 * A list page whose list is not the user's says the same.
 */
export function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <SearchX aria-hidden className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{MESSAGES.pageNotFound}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        There is no such page in your account. Check the address, or go back to your dashboard.
      </p>
      <Link
        to="/dashboard"
        className="mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <LayoutDashboard aria-hidden className="size-5" />
        Back to Dashboard
      </Link>
    </div>
  );
}
