/**
 * What every compile process builds the same way when it starts (the checks runtime's object files, the standard
 * headers precompiled) is kept on disk, so that the next process reads it instead of building it again: about 2.5 s
 * of CPU for each process started. It lives in a directory of the server's user alone (created 0700 and checked
 * before it is trusted), each file under a hash of the compiler's version and everything its build reads, and
 * carries a hash of its own bytes: a file that does not match is built again.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const compilerVersion = readFileSync(new URL('../package.json', import.meta.resolve('@yowasp/clang')), 'utf8');
const DIGEST_BYTES = 32;

/** The cache's directory under `root`, made if missing; null where it is not this user's alone. */
export function privateDirectory(root = tmpdir()): string | null {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  const directory = join(root, `c-course-builds-${uid}`);
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const stat = lstatSync(directory);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 ? directory : null;
  } catch {
    return null;
  }
}

const defaultDirectory = privateDirectory();
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** The build's bytes from the cache when a good copy is there; otherwise built, and kept for the next process. */
export function cachedBuild(
  inputs: string[],
  build: () => Uint8Array,
  directory: string | null = defaultDirectory,
): Uint8Array {
  if (!directory) return build();
  const key = createHash('sha256').update(compilerVersion).update(JSON.stringify(inputs)).digest('hex');
  const path = join(directory, `${key}.bin`);
  try {
    const file = readFileSync(path);
    const content = new Uint8Array(file.subarray(DIGEST_BYTES));
    if (file.length > DIGEST_BYTES && digest(content).equals(file.subarray(0, DIGEST_BYTES))) return content;
  } catch {
    // Not built yet.
  }
  const built = build();
  try {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([digest(built), built]), { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    // A full or read-only disk: the next process builds it too.
  }
  return built;
}
