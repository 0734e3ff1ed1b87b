// `npm run bench` and `npm test` (after the build): checks the web budgets that can be measured
// from the build (sizes, not times, so they hold on any machine):
// - first-load JavaScript for `/` (what its prerendered page starts: the home page's own entry and
//   everything it imports statically), gzipped, must stay within issue 12's 100 kB (94.9 kB on
//   2026-11-23, ADR 0018, The home page's own entry; 138.4 kB while `/` started the whole app);
// - the app's first load (what every other public page starts before it can hydrate) must stay
//   under 148 kB (139.6 kB on 2026-11-23; 145.0 kB on 2026-11-28, 145.4 kB with the lists' page
//   and chunks, whose imports from the first load's chunk it exports, ADR 0029; 146.1 kB with the
//   calendar's route, ADR 0031: each signed-in route adds its entry and the list of chunks to
//   preload with it, about 70 bytes gzipped, to the routes every page starts with; moving the
//   signed-in routes out of it is a follow-up; 147.1 kB with the review's route and the focus
//   bar's lazy entry, ADR 0033, when the budget went from 147 to 148 kB until that follow-up;
//   142.1 kB on 2026-11-29 once the icons of signed-in pages left it, docs/performance.md step
//   29, when the budget went down to 145 kB). Twice a helper only signed-in pages use slipped into it
//   and brought zod along (+35 kB) unnoticed;
// - the signed-in shell with the dashboard (what `/dashboard` loads before it can draw) must stay
//   under 210 kB (198.8 kB on 2026-11-27; 203.9 kB on 2026-11-28; 209.2 kB once the sidebar showed
//   the lists with their counts, drop targets and moves, ADR 0029; 212.2 kB with the subtasks' read
//   and the sections' key, ADR 0027, and the saved filters' links, counts and dialog launcher,
//   ADR 0028, whose menus, dialogs, parser and writes are all fetched on first use; 213.6 kB once
//   the saved filters were dragged and moved as the lists are, through the rows' shared drag and
//   menu button, components/nav-reorder.ts and nav-actions.tsx, ADR 0028; 214.3 kB with the
//   calendar's link and route, ADR 0031; 215.3 kB with the review's route, the focus bar's lazy
//   entry and the timeline's routes, ADR 0032 and 0033, when the budget went from 215 to 216 kB;
//   201.4 kB on 2026-11-29 once the tip card's quotations (14.2 kB) came in a chunk of their own,
//   docs/performance.md step 28, when the budget went down to 210 kB;
//   232.7 kB while it loaded zod, 256.3 kB before the
//   header's form dialogs left it), and must load no zod: building the API contract's schemas as
//   they loaded was over half its blocking time (ADR 0018, No zod on signed-in pages);
// - no public page may pull in signed-in code (chunks under features/dashboard, features/todos, ...).
// Run `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const HOME_BUDGET = 100 * 1024;
const APP_BUDGET = 145 * 1024;
const DASHBOARD_BUDGET = 210 * 1024;
const DASHBOARD_ROUTE = [
  'src/app/dashboard-layout.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];
const SIGNED_IN =
  /(features\/(dashboard|todos|filters|daily-goals|social|profile|settings)\/|app\/dashboard-layout|in-page-reminder|(components\/|^_)(charts|analytics-disabled|confirm-dialog|modal|toggle|toggle-checkbox|priority-chip)|lib\/(notifications|realtime|reminders|settings))/;

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) {
    return seen;
  }
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) {
    staticClosure(imported, seen);
  }
  return seen;
}

const gzippedSize = (files) =>
  files.reduce((total, file) => total + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
const filesOf = (keys) => keys.map((key) => manifest[key].file);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The scripts a prerendered page starts once it has painted (scripts/prerender.mjs). */
function startedBy(page) {
  const html = fs.readFileSync(path.join(dist, 'pages', page), 'utf8');
  const tag = html.match(
    /<script src="\/theme-init.js" data-entry="\/([^"]+)" data-preload="([^"]*)">/,
  );
  if (!tag) {
    console.error(`dist/pages/${page} starts no entry: see scripts/prerender.mjs.`);
    process.exit(1);
  }
  return [
    tag[1],
    ...tag[2]
      .split(' ')
      .filter(Boolean)
      .map((href) => href.slice(1)),
  ];
}

const homeLoad = startedBy('index.html');
const appLoad = [...staticClosure('index.html')];
const dashboardLoad = new Set(appLoad);
for (const key of DASHBOARD_ROUTE) {
  if (!manifest[key]) {
    console.error(`No ${key} in the build: update DASHBOARD_ROUTE in scripts/bench-web.mjs.`);
    process.exit(1);
  }
  staticClosure(key, dashboardLoad);
}
const signedInOnFirstLoad = [...homeLoad.map((file) => keyOfFile.get(file)), ...appLoad].filter(
  (key) => SIGNED_IN.test(key),
);
const publicRoutes = Object.keys(manifest).filter((key) =>
  /features\/(marketing|contact|faq|feedback)\//.test(key),
);
const signedInFromPublic = publicRoutes.flatMap((key) =>
  [...staticClosure(key)].filter((dep) => SIGNED_IN.test(dep)),
);

let failed = false;
function report(what, files, budget) {
  const size = gzippedSize(files);
  console.log(
    `${what}: ${(size / 1024).toFixed(1)} kB gzipped in ${files.length} file(s) (budget ${budget / 1024} kB)`,
  );
  console.log(`  ${files.join(', ')}`);
  if (size > budget) {
    console.error(`FAIL: ${what} is over budget`);
    failed = true;
  }
}
report('First-load JavaScript for /', homeLoad, HOME_BUDGET);
report("The app's first load (every other public page)", filesOf(appLoad), APP_BUDGET);
report(
  'JavaScript /dashboard loads before it draws',
  filesOf([...dashboardLoad]),
  DASHBOARD_BUDGET,
);
/** The files among `files` whose source map names a module of zod (the bundler's runtime has none). */
const withZod = (files) =>
  files.filter((file) => {
    const map = path.join(dist, `${file}.map`);
    return (
      fs.existsSync(map) &&
      JSON.parse(fs.readFileSync(map, 'utf8')).sources.some((source) =>
        /node_modules\/zod\//.test(source),
      )
    );
  });
const dashboardZod = withZod(filesOf([...dashboardLoad]));
if (dashboardZod.length > 0) {
  console.error(
    `FAIL: /dashboard loads zod before it draws, in ${dashboardZod.join(', ')}: a page imports a schema or the contract (ADR 0018, No zod on signed-in pages)`,
  );
  failed = true;
} else {
  console.log('/dashboard loads no zod before it draws.');
}
if (signedInOnFirstLoad.length > 0 || signedInFromPublic.length > 0) {
  console.error(
    `FAIL: public pages load signed-in code: ${[...signedInOnFirstLoad, ...signedInFromPublic].join(', ')}`,
  );
  failed = true;
} else {
  console.log('Public pages load no signed-in code.');
}
process.exit(failed ? 1 : 0);
