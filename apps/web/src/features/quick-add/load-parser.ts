import type * as ParserModuleType from './parse-quick-add';

/**
 * The parser and chrono-node are a chunk of their own (issue 12 keeps first-load JavaScript
 * small): loaded when quick add first opens, or earlier once the browser is idle. A failed load
 * is forgotten, so the next attempt fetches again.
 */
type ParserModule = typeof ParserModuleType;

let loading: Promise<ParserModule> | undefined;

export function loadParser(): Promise<ParserModule> {
  loading ??= import('./parse-quick-add').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Fetches the parser while the browser has nothing else to do (the signed-in shell calls it). */
export function prefetchParserWhenIdle(): () => void {
  const start = () => void loadParser().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(start, 3000);
  return () => window.clearTimeout(timer);
}
