/**
 * The build's stamp: one hash over every file the build reads (the sources, the build's configuration and scripts,
 * and the lockfile that fixes the dependencies' versions), kept in dist/build-stamp.json when a build succeeds.
 * `npm start` builds only when the sources' hash differs from the stamp's (scripts/start.mjs).
 *
 *   node scripts/build-stamp.mjs begin   (first step of `npm run build`: the hash of the sources being built)
 *   node scripts/build-stamp.mjs end     (last step: the build succeeded, so that hash becomes the stamp)
 *
 * Contents, not modification times: a checkout or a copy changes times but not what the build makes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads, relative to the project folder: folders are read whole, less tests. */
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'vite.config.ts',
  'scripts/build-stamp.mjs',
  'scripts/copy-server-files.mjs',
  'scripts/compress-assets.mjs',
  'scripts/check-budget.ts',
];
const isTest = (path) => /\.test\.tsx?$/.test(path);

export const STAMP = 'dist/build-stamp.json';
const PENDING = 'dist/build-stamp.pending.json';

/** The hash of the build's inputs in the project at `root`, and how many files it covers. */
export function sourcesHash(root = '.') {
  const files = [];
  for (const input of INPUTS) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) files.push(input);
    else
      for (const entry of readdirSync(full, { withFileTypes: true, recursive: true }))
        if (entry.isFile()) files.push(relative(root, join(entry.parentPath, entry.name)));
  }
  const built = files.filter((file) => !isTest(file)).sort();
  const hash = createHash('sha256');
  for (const file of built) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: built.length };
}

/** The stamp of the build in `root`'s dist, if a build finished there. */
export function readStamp(root = '.') {
  try {
    const path = join(root, STAMP);
    return { ...JSON.parse(readFileSync(path, 'utf8')), builtAt: statSync(path).mtime };
  } catch {
    return undefined;
  }
}

/** Whether `root`'s dist was built from exactly its present sources. */
export function buildIsCurrent(root = '.') {
  const stamp = readStamp(root);
  return (
    stamp !== undefined && existsSync(join(root, 'dist/server/api/server.js')) && stamp.hash === sourcesHash(root).hash
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === 'begin') {
    // A build that fails or is stopped leaves no stamp, so the next start builds again.
    rmSync(STAMP, { force: true });
    mkdirSync('dist', { recursive: true });
    writeFileSync(PENDING, JSON.stringify(sourcesHash(), null, 2));
  } else if (step === 'end') {
    if (!existsSync(PENDING)) {
      console.error('build-stamp: no build under way (run `npm run build`).');
      process.exit(1);
    }
    renameSync(PENDING, STAMP);
  } else {
    console.error('Usage: node scripts/build-stamp.mjs begin | end');
    process.exit(1);
  }
}
