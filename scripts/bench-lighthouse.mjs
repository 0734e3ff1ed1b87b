// `npm run bench` (part 2): Lighthouse performance and accessibility scores of the public pages,
// against the production build served by the real server (DESIGN §6: at least 95 each).
// Uses the machine's Chromium (CHROMIUM_PATH, or /usr/bin/chromium). Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PAGES = ['/', '/login'];
const BUDGET = 95;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daywise-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        return { url, stop: () => child.kill('SIGTERM') };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start; run `npm run build` first');
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
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
  server.stop();
}
process.exit(failed ? 1 : 0);
