// Draws the installed app's icons (public/icons/*.png) from public/favicon.svg with sharp. Run
// once after the favicon changes (`node scripts/make-icons.mjs` in apps/web) and commit the PNGs:
// the build copies them as they are.
import fs from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

const publicDir = path.resolve('public');
const outDir = path.join(publicDir, 'icons');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BACKGROUND = /fill="(#[0-9a-fA-F]{6})"/.exec(favicon)?.[1];
if (!BACKGROUND) {
  throw new Error('favicon.svg has no fill colour to fill a maskable icon with');
}

/**
 * A maskable icon may be cropped to any shape inside the middle 80% (a circle on most Android
 * launchers), so the favicon is drawn smaller on a square of its own colour.
 */
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${BACKGROUND}"/>
  <g transform="translate(32 32) scale(0.7) translate(-32 -32)">${inner}</g>
</svg>`;

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'maskable-512.png', svg: maskable, size: 512 },
  // iOS puts its own rounded corners on a full square.
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

fs.mkdirSync(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
}
console.log(`Wrote ${icons.length} icons to ${path.relative(process.cwd(), outDir)}`);
