// Renders the public pages to HTML after `vite build`, so a visitor sees the page before any
// JavaScript has run (Lighthouse performance). The server sends dist/pages/<name>.html
// for these paths and dist/index.html, the empty shell, for every other one.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve('dist');
const ssrDir = path.resolve('dist-ssr');
const { render, PRERENDERED_PATHS } = await import(
  pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const mount = '<div id="root"></div>';
if (!shell.includes(mount)) {
  throw new Error(`dist/index.html has no ${mount} to render into`);
}
fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
for (const pathname of PRERENDERED_PATHS) {
  const html = await render(pathname);
  const name = pathname === '/' ? 'index' : pathname.slice(1);
  fs.writeFileSync(
    path.join(dist, 'pages', `${name}.html`),
    shell.replace(mount, `<div id="root">${html}</div>`),
  );
}
fs.rmSync(ssrDir, { recursive: true, force: true });
console.log(`Prerendered ${PRERENDERED_PATHS.length} pages into dist/pages/`);
