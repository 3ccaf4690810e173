/**
 * Build step (`node scripts/compress-assets.mjs [dir]`, default dist/web): writes a Brotli (.br) and a gzip (.gz) copy
 * next to each text asset in dist/web, once, at their
 * strongest settings; the server sends them to browsers that take them (@fastify/static's preCompressed).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist/web';
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;
// Smaller files gain less than the extra request headers cost.
const FROM_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(ROOT)) {
  if (!TEXT.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < FROM_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} assets in ${ROOT} (.br and .gz)`);
