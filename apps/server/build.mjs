// Bundles the server and the shared workspace package (TypeScript source) into dist/main.js, and
// the backup tool into dist/backup.js (ADR 0036);
// every npm dependency stays an import resolved from node_modules at run time.
import fs from 'node:fs';

import { build } from 'esbuild';

const { dependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const external = Object.keys(dependencies).filter((name) => name !== '@daywise/shared');

await build({
  entryPoints: { main: 'src/main.ts', backup: 'src/backup/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
