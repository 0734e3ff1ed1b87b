/**
 * The first stop of the Tab key on every page: it jumps past the navigation to the page's content
 * (WCAG 2.4.1), on the public pages and in the signed-in area alike (docs/product/dashboard.md).
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-blue-700"
    >
      Skip to main content
    </a>
  );
}
