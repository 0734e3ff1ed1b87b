import { loadOnce } from '../../lib/load-once';

/**
 * The parser and chrono-node are a chunk of their own (issue 12 keeps first-load JavaScript
 * small): loaded when quick add first opens, or earlier once the browser is idle (the signed-in
 * shell asks for that).
 */
const parser = loadOnce(() => import('./parse-quick-add'));

export const loadParser = parser.load;
export const prefetchParserOnceActive = parser.prefetchOnceActive;
