import { Button } from './button';

/** The red panel a page's list shows its load failure in. */
export const errorPanelClass =
  'rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200';

interface LoadErrorProps {
  /** What could not be loaded, in the product's words. */
  message: string;
  onRetry: () => void;
  /** The panel's look (a red box in a list, plain text in a chat). */
  className: string;
}

/** What a list shows when it could not load: the message and a Try Again button. */
export function LoadError({ message, onRetry, className }: LoadErrorProps) {
  return (
    <div className={className}>
      <p>{message}</p>
      <Button onClick={onRetry} variant="secondary" size="sm" className="mt-3">
        Try Again
      </Button>
    </div>
  );
}
