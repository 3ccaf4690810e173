import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const FIXTURE = join(import.meta.dirname, 'fixtures/dodona');

/**
 * The Dodona fixture (test/fixtures/dodona, made by hand in Dodona's exercise-folder layout with TESTed suites) as
 * a browser sends a chosen folder: each path starts with the folder's own name.
 */
export function dodonaFixtureFiles(): { path: string; content: string }[] {
  return readdirSync(FIXTURE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      return { path: `dodona/${relative(FIXTURE, full)}`, content: readFileSync(full, 'utf8') };
    });
}
