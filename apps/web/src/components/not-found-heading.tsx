import { MESSAGES } from '@daywise/shared';
import { SearchX } from 'lucide-react';

/** The top of a 404 page, public or signed in: the icon, 'Error 404' and the spec's title. */
export function NotFoundHeading({ titleClassName }: { titleClassName: string }) {
  return (
    <>
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <SearchX aria-hidden className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">
        Error 404
      </p>
      <h1 className={`mt-2 font-bold tracking-tight ${titleClassName}`}>{MESSAGES.pageNotFound}</h1>
    </>
  );
}
