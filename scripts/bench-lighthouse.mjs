// `npm run bench` (part 2): Lighthouse performance and accessibility scores of the public pages,
// against the production build served by the real server (at least 95 each).
// Uses the machine's Chromium (CHROMIUM_PATH, or /usr/bin/chromium). Run `npm run build` first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './bench-support.mjs';

const PAGES = ['/', '/login'];
const BUDGET = 95;

const server = await startServer('lighthouse');
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
let failed = false;
try {
  for (const page of PAGES) {
    const { lhr } = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (lhr.runtimeError) {
      console.error(
        `Lighthouse could not measure ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      console.log(
        `  ${lhr.audits[id]?.title}: ${lhr.audits[id]?.displayValue ?? lhr.audits[id]?.errorMessage}`,
      );
    }
    const scores = Object.values(lhr.categories).map((category) => ({
      name: category.title,
      score: Math.round((category.score ?? 0) * 100),
    }));
    console.log(
      `Lighthouse ${page}: ${scores.map((s) => `${s.name} ${s.score}`).join(', ')} (budget ${BUDGET})`,
    );
    for (const { name, score } of scores) {
      if (score < BUDGET) {
        console.error(`FAIL: ${name} on ${page} is ${score}`);
        failed = true;
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
