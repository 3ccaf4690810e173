import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every module a file loads as it starts (its static imports, followed), not counting those only its types use. */
function loadedAtStart(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, , from] of text.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)) {
    if (!from!.startsWith('.')) seen.add(from!);
    else loadedAtStart(resolve(dirname(file), from!.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('the run worker', () => {
  // The worker collects its whole heap now and then (run-worker.ts says when), and a collection costs what the heap
  // holds: a worker that grades loads neither the recorder nor the answer's schema library; Step
  // through's workers (a pool of their own) load them as they start (trace/recording.ts).
  it('loads only what a run needs as it starts; Step through’s recorder is loaded apart from it', () => {
    const worker = fileURLToPath(new URL('./run-worker.ts', import.meta.url));
    const loaded = [...loadedAtStart(worker)].map((file) => file.replace(dirname(worker), '.'));
    expect(loaded).not.toContain('zod');
    expect(loaded.filter((file) => file.includes('/trace/'))).toEqual([]);
    expect(loaded).toContain('./memory-files.ts');
    expect(readFileSync(worker, 'utf8')).toContain("await import('./trace/recording.js')");
  });
});
