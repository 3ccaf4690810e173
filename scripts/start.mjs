/**
 * `npm start`: builds the site when its sources changed since the last build (or there is none), then starts it.
 * The build's stamp (scripts/build-stamp.mjs) says what it was built from; `npm run serve` starts the existing build
 * without looking, and `npm run build` always builds.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildIsCurrent, readStamp } from './build-stamp.mjs';

const SERVER = 'dist/server/api/server.js';

if (buildIsCurrent()) {
  const builtAt = readStamp()?.builtAt;
  console.log(
    `The build is up to date with the sources${builtAt ? ` (built ${builtAt.toLocaleString()})` : ''}: starting it without building.`,
  );
} else {
  console.log(readStamp() ? 'The sources changed since the last build: building.' : 'No build yet: building.');
  const npm = process.env.npm_execpath;
  const build = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this process, so Ctrl+C and SIGTERM reach it as they would `node dist/server/api/server.js`.
await import(pathToFileURL(resolve(SERVER)).href);
