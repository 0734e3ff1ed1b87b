// Writes .br and .gz siblings of the built text files, once, at build time; the server sends them
// to browsers that accept them (@fastify/static preCompressed) instead of compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve('dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

let files = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (
    !entry.isFile() ||
    !COMPRESSIBLE.test(entry.name) ||
    file.includes(`${path.sep}.vite${path.sep}`)
  ) {
    continue;
  }
  const content = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
}
console.log(`Precompressed ${files} files (brotli and gzip)`);
