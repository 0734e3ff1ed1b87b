// Renders the public pages to HTML after `vite build`, so a visitor sees the page before any
// JavaScript has run (Lighthouse performance). The server sends dist/pages/<name>.html
// for these paths, dist/shells/<path>.html for the signed-in pages (the empty shell that also
// preloads the page's code and the session read, ADR 0018) and dist/index.html, the empty shell,
// for every other one.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve('dist');
const ssrDir = path.resolve('dist-ssr');
const { render, renderHome, documentTitle, PRERENDERED_PATHS, SESSION_PRELOAD } = await import(
  pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const mount = '<div id="root"></div>';
if (!shell.includes(mount)) {
  throw new Error(`dist/index.html has no ${mount} to render into`);
}
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
function staticClosure(key, seen = new Set()) {
  if (!manifest[key]) {
    throw new Error(`${key} is not in the build's manifest`);
  }
  if (!seen.has(key)) {
    seen.add(key);
    (manifest[key].imports ?? []).forEach((imported) => staticClosure(imported, seen));
  }
  return seen;
}

/**
 * A prerendered page starts its code after its first paint (public/theme-init.js, ADR 0018): the
 * entry's module script and module preloads move from the head onto the theme script, which adds
 * them once the page has painted. The empty shell keeps them, having nothing to show first.
 */
const themeScript = '<script src="/theme-init.js"></script>';
const appEntry = shell.match(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/);
const appPreloads = [
  ...shell.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g),
];
if (!appEntry || !shell.includes(themeScript)) {
  throw new Error(`dist/index.html has no entry module script or no ${themeScript}`);
}
const bareShell = [appEntry, ...appPreloads].reduce((html, tag) => html.replace(tag[0], ''), shell);
function startAfterPaint(entry, preloads) {
  return bareShell.replace(
    themeScript,
    `<script src="/theme-init.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
  );
}
const appPreloadHrefs = appPreloads.map((preload) => preload[1]);
const pageShell = startAfterPaint(appEntry[1], appPreloadHrefs);

/**
 * `/` starts the home page's own entry instead of the app's (src/home.tsx; ADR 0018, The home
 * page's own entry): the same page without the router. Its styles are the app's, which the shell
 * already links.
 */
const HOME_ENTRY = 'src/home.tsx';
const [homeEntry, ...homeImports] = [...staticClosure(HOME_ENTRY)].map((key) => manifest[key]);
const shellStyles = new Set(
  [...shell.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(
    (match) => match[1],
  ),
);
const homeStyles = [homeEntry, ...homeImports].flatMap((chunk) => chunk.css ?? []);
if (homeStyles.length !== shellStyles.size || !homeStyles.every((file) => shellStyles.has(file))) {
  throw new Error(`${HOME_ENTRY} has styles of its own (${homeStyles}); link them in its page`);
}
const homeShell = startAfterPaint(
  `/${homeEntry.file}`,
  homeImports.map((chunk) => `/${chunk.file}`),
);

/**
 * The page's own `<title>` in the head, in place of the shell's (docs/product/public-site.md).
 * React emits the title a page renders ahead of its HTML; it moves to the head, where hydration
 * finds it.
 */
const titlePattern = /<title>[^<]*<\/title>/;
if (!titlePattern.test(shell)) {
  throw new Error('dist/index.html has no <title>');
}
function withTitle(html, pathname) {
  const escaped = documentTitle(pathname)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return html.replace(titlePattern, () => `<title>${escaped}</title>`);
}
function withoutTitle(rendered) {
  return rendered.replace(titlePattern, '');
}

fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
for (const pathname of PRERENDERED_PATHS) {
  const home = pathname === '/';
  const html = home ? renderHome() : await render(pathname);
  fs.writeFileSync(
    path.join(dist, 'pages', `${home ? 'index' : pathname.slice(1)}.html`),
    withTitle(home ? homeShell : pageShell, pathname).replace(
      mount,
      `<div id="root">${withoutTitle(html)}</div>`,
    ),
  );
}

/**
 * The signed-in pages and the route modules the client router loads for each (app/routes.tsx); a
 * `[name]` segment stands for any one segment (the server's `pageFileOf`).
 * Their shells preload these modules, everything they import, and the session read, all while
 * the entry loads, instead of one after another (ADR 0018).
 */
const SIGNED_IN_PAGES = {
  '/dashboard': 'src/features/dashboard/dashboard-page.tsx',
  '/dashboard/todos': 'src/features/todos/todos-page.tsx',
  '/dashboard/daily-goals': 'src/features/daily-goals/daily-goals-page.tsx',
  '/dashboard/social': 'src/features/social/social-page.tsx',
  '/dashboard/profile': 'src/features/profile/profile-page.tsx',
  '/dashboard/settings': 'src/features/settings/settings-page.tsx',
  '/dashboard/today': 'src/features/agenda/today-page.tsx',
  '/dashboard/upcoming': 'src/features/agenda/upcoming-page.tsx',
  // One shell for every list's page: the server sends it for any /dashboard/lists/<id>.
  '/dashboard/lists/[id]': 'src/features/todos/list-page.tsx',
  // And for every saved filter's page (ADR 0028).
  '/dashboard/filters/[id]': 'src/app/filter-route.tsx',
};
const inShell = new Set([...shell.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
for (const [pathname, page] of Object.entries(SIGNED_IN_PAGES)) {
  const files = [
    ...new Set([...staticClosure('src/app/dashboard-layout.tsx'), ...staticClosure(page)]),
  ]
    .map((key) => manifest[key].file)
    .filter((file) => !inShell.has(file));
  // What the page shows while the session is read (the signed-in area's spinner), so that the
  // shell paints it at once and starts the code after, like a public page.
  const waiting = await render(pathname);
  const html = withTitle(
    startAfterPaint(appEntry[1], [...appPreloadHrefs, ...files.map((file) => `/${file}`)]),
    pathname,
  )
    .replace(mount, `<div id="root">${withoutTitle(waiting)}</div>`)
    .replace('</head>', `  ${SESSION_PRELOAD}\n  </head>`);
  const file = path.join(dist, 'shells', `${pathname.slice(1)}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
}

// dist-ssr/entry-server.js stays: the server draws each signed-in page with it for its user
// (renderSignedInPage, apps/server/src/web/routes.ts).
console.log(
  `Prerendered ${PRERENDERED_PATHS.length} pages into dist/pages/, ${Object.keys(SIGNED_IN_PAGES).length} shells into dist/shells/`,
);
