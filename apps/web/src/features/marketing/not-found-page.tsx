import { House, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';

import { NotFoundHeading } from '../../components/not-found-heading';

const linkButton =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Any path the router does not know. */
export default function NotFoundPage() {
  return (
    <main className="flex items-center justify-center px-4 py-24">
      <div className="max-w-lg text-center">
        <NotFoundHeading titleClassName="text-4xl sm:text-5xl" />
        <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
          The page you are looking for does not exist or has moved. Check the address, or head back
          to a page we know.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={`${linkButton} bg-blue-600 text-white hover:bg-blue-700`}>
            <House aria-hidden className="size-5" />
            Go to Home
          </Link>
          <Link
            to="/contact"
            className={`${linkButton} border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 dark:border-gray-700 dark:bg-gray-900 dark:text-white dark:hover:bg-gray-800`}
          >
            <LifeBuoy aria-hidden className="size-5" />
            Contact Support
          </Link>
        </div>
      </div>
    </main>
  );
}
