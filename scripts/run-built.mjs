/**
 * `npm run backup`, `restore`, `migrate` and `admin-password`: runs the compiled tool from the build (dist/server),
 * so they work on a production install (`npm ci --omit=dev`, no TypeScript runner). Says what to do when there is
 * no build, and when the sources changed since it (the tool then is the one built, which may be older).
 *
 *   node scripts/run-built.mjs api/db/backup-cli.js backup [--out=FILE]
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tool, ...args] = process.argv.slice(2);
const file = resolve('dist/server', tool ?? '');
if (!tool || !existsSync(file)) {
  console.error(`No build of ${tool ?? 'the tool'} in dist/server: run \`npm run build\` (or \`npm start\`) first.`);
  process.exit(1);
}
// The tool reads its arguments as if it had been started itself: node <tool> <args>.
process.argv = [process.argv[0] ?? process.execPath, file, ...args];
await import(pathToFileURL(file).href);
