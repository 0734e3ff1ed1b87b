import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';

import { NotFoundHeading } from './not-found-heading';

/**
 * A path under /dashboard the router does not know: said inside the signed-in shell, sidebar and
 * all, with the way back to the dashboard rather than to the public site (docs/product/dashboard.md).
 * A list page whose list is not the user's says the same.
 */
export function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <NotFoundHeading titleClassName="text-3xl" />
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
