// Runs before `npm install`, `npm start`, `npm test` and `npm run dev` on whatever Node is on PATH,
// so it uses nothing a Node older than the one we need lacks (ADR 0023).
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number(/\d+/.exec(pkg.engines.node)[0]);
const have = Number(process.versions.node.split('.')[0]);
if (have < needed) {
  console.error(
    `\nDaywise needs Node.js ${needed} or newer, and this is Node.js ${process.version}.\n` +
      `Install Node.js ${needed} (https://nodejs.org, or \`nvm install ${needed}\`), or run\n` +
      '  source scripts/use-node.sh\n' +
      'to fetch it from the npm registry into .cache/ and use it in this shell.\n',
  );
  process.exit(1);
}
