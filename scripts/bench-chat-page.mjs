// `npm run bench` (chat page part): how long an open chat takes to show its newest message when the
// chat holds 10,000 messages, next to a chat holding one. Two pairs of friends are made through
// the API on the production build; the heavy pair's messages are written straight into the
// database file. Timed in the machine's Chromium from loading /dashboard/social to the newest
// message shown after opening the Chat tab and the friend. Run `npm run build` first.
import { performance } from 'node:perf_hooks';

import Database from 'better-sqlite3';
import { chromium, devices } from 'playwright';

import {
  call,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  createVerifiedUser,
  median,
  ms,
  row,
  startServer,
} from './bench-support.mjs';

const MESSAGES = 10_000;
const RUNS = 5;

/** Two friends with a chat between them; returns the reader's context and the chat. */
async function friendsWithChat(browser, server, label) {
  const newContext = () =>
    browser.newContext({ ...devices['Desktop Chrome'], baseURL: server.url });
  const [reader, friend] = [await newContext(), await newContext()];
  const readerId = await createVerifiedUser(reader, server, `${label}-reader`);
  const friendId = await createVerifiedUser(friend, server, `${label}-friend`);
  const visibility = { group: 'privacy', key: 'profileVisibility', value: 'public' };
  await call(friend, server, 'PATCH', '/api/settings', visibility);
  await call(reader, server, 'POST', '/api/friend-requests', { toUserId: friendId });
  const { requests } = await call(friend, server, 'GET', '/api/friend-requests');
  await call(friend, server, 'POST', `/api/friend-requests/${requests[0].id}/accept`);
  const chat = await call(reader, server, 'POST', '/api/chats', { friendId });
  await friend.close();
  return { context: reader, readerId, friendId, chat, friendName: `Bench ${label}-friend` };
}

/** Writes `count` messages, alternating senders a minute apart; returns the newest text. */
function seedMessages(databaseFile, { chat, readerId, friendId }, count) {
  const db = new Database(databaseFile);
  const insert = db.prepare(
    `insert into messages (id, chat_id, sender_id, content, message_type, is_read, is_edited,
       edited_at, created_at) values (?, ?, ?, ?, 'text', 1, 0, null, ?)`,
  );
  const start = Date.parse('2025-11-21T00:00:00Z');
  let newest = '';
  let newestAt = '';
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      newest = `Message number ${i} of the bench chat`;
      newestAt = new Date(start + i * 60_000).toISOString();
      const sender = i % 2 ? friendId : readerId;
      insert.run(`${chat.id}-${i}`, chat.id, sender, newest, newestAt);
    }
    db.prepare('update chats set last_message = ?, last_message_at = ? where id = ?').run(
      newest,
      newestAt,
      chat.id,
    );
  })();
  db.close();
  return newest;
}

/** Runs in the page on every frame: the newest message's text is shown. */
function shownInPage(text) {
  /* global document */
  const all = document.querySelectorAll('main *');
  for (const element of all) {
    if (element.childElementCount === 0 && element.textContent === text) {
      return element.getClientRects().length > 0;
    }
  }
  return false;
}

/** One visit: ms from loading the page to the newest message shown in the open chat. */
async function visit(context, server, friendName, newest) {
  const page = await context.newPage();
  const began = performance.now();
  await page.goto(`${server.url}/dashboard/social`, { waitUntil: 'commit' });
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await page
    .getByRole('button', { name: new RegExp(friendName) })
    .first()
    .click();
  await page.waitForFunction(shownInPage, newest, { polling: 'raf' });
  const shown = performance.now() - began;
  await page.close();
  return shown;
}

let server;
let browser;
let failed = true;
try {
  server = await startServer('chat');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = {};
  for (const [label, count] of [
    ['one', 1],
    ['heavy', MESSAGES],
  ]) {
    const pair = await friendsWithChat(browser, server, label);
    const newest = seedMessages(server.databaseFile, pair, count);
    await visit(pair.context, server, pair.friendName, newest); // warm-up
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await visit(pair.context, server, pair.friendName, newest));
    }
    await pair.context.close();
    results[label] = runs;
  }

  const cell = (times) => `${ms(median(times))} /${ms(Math.max(...times))}`;
  console.log(`Chat page in Chromium, median / max of ${RUNS} visits after a warm-up:`);
  console.log(row(['chat', 'newest message shown']));
  console.log(row(['1 message', cell(results.one)]));
  console.log(row(['10,000', cell(results.heavy)]));
  const budget = Math.min(2 * median(results.one) + 300, 2_500);
  failed = median(results.heavy) > budget;
  console.log(
    `Budget: 10,000-message median ${Math.round(median(results.heavy))} ms ≤ ` +
      `min(2 × one-message median + 300 ms, 2,500 ms) = ${Math.round(budget)} ms: ${failed ? 'FAIL' : 'ok'}`,
  );
} catch (error) {
  console.error(error);
} finally {
  await browser?.close();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
