// `npm run bench` and `npm test` (after the build): checks the web budgets that can be measured
// from the build (sizes, not times, so they hold on any machine):
// - first-load JavaScript for `/` (the entry chunk and everything it imports statically), gzipped,
//   must stay under 140 kB (138.4 kB on 2026-11-23; issue 12's target is 100 kB, ADR 0018). Twice
//   a helper only signed-in pages use slipped into it and brought zod along (+35 kB) unnoticed;
// - the signed-in shell with the dashboard (what `/dashboard` loads before it can draw) must stay
//   under 240 kB (231.4 kB on 2026-11-23, after the header's form dialogs left it: 256.3 kB before);
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
const FIRST_LOAD_BUDGET = 140 * 1024;
const DASHBOARD_BUDGET = 240 * 1024;
const DASHBOARD_ROUTE = [
  'src/app/dashboard-layout.tsx',
  'src/features/dashboard/dashboard-page.tsx',
];
const SIGNED_IN =
  /(features\/(dashboard|todos|daily-goals|social|profile|settings)\/|app\/dashboard-layout|in-page-reminder|(components\/|^_)(charts|analytics-disabled|confirm-dialog|modal|toggle|toggle-checkbox|priority-chip)|lib\/(notifications|realtime|reminders|settings))/;

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

const gzippedSize = (keys) =>
  keys.reduce(
    (total, key) => total + gzipSync(fs.readFileSync(path.join(dist, manifest[key].file))).length,
    0,
  );

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const firstLoad = [...staticClosure(entryKey)];
const gzipped = gzippedSize(firstLoad);
const dashboardLoad = new Set(firstLoad);
for (const key of DASHBOARD_ROUTE) {
  if (!manifest[key]) {
    console.error(`No ${key} in the build: update DASHBOARD_ROUTE in scripts/bench-web.mjs.`);
    process.exit(1);
  }
  staticClosure(key, dashboardLoad);
}
const dashboardGzipped = gzippedSize([...dashboardLoad]);
const signedInOnFirstLoad = firstLoad.filter((key) => SIGNED_IN.test(key));

const publicRoutes = Object.keys(manifest).filter((key) =>
  /features\/(marketing|contact|faq|feedback)\//.test(key),
);
const signedInFromPublic = publicRoutes.flatMap((key) =>
  [...staticClosure(key)].filter((dep) => SIGNED_IN.test(dep)),
);

console.log(
  `First-load JavaScript for /: ${(gzipped / 1024).toFixed(1)} kB gzipped (budget ${FIRST_LOAD_BUDGET / 1024} kB)`,
);
console.log(
  `  ${firstLoad.length} file(s): ${firstLoad.map((key) => manifest[key].file).join(', ')}`,
);
console.log(
  `JavaScript /dashboard loads before it draws: ${(dashboardGzipped / 1024).toFixed(1)} kB gzipped in ${dashboardLoad.size} file(s) (budget ${DASHBOARD_BUDGET / 1024} kB)`,
);
let failed = false;
if (gzipped > FIRST_LOAD_BUDGET) {
  console.error('FAIL: first-load JavaScript is over budget');
  failed = true;
}
if (dashboardGzipped > DASHBOARD_BUDGET) {
  console.error("FAIL: the dashboard's JavaScript is over budget");
  failed = true;
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
