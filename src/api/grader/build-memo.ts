/**
 * Builds kept by what they were built from. A build is a pure function of the program's text and its kind (the
 * flags, the runtime and the compiler are fixed for a process): a student who runs, steps through and submits the
 * same code, or a teacher's checker program used at every grading, is compiled once. A build asked for while the
 * same one is being made waits for it instead of compiling twice.
 *
 * Only builds that ended as the compiler decided are kept (compiled, or refused with its words). One stopped at a
 * cap, out of time or by a crash depends on the machine's load at that moment: it is asked again next time.
 */
import { LRUCache } from 'lru-cache';

/** The most the kept builds may hold (a checked build of a course program is 80–300 KB; a traced one, more). */
export const BUILD_MEMO_BYTES = 64 * 1024 * 1024;

export interface BuildMemo<T> {
  /** The build under `key`: kept, in the making, or made now by `build` (kept if `keep` says so). */
  get(key: string, build: () => Promise<T>, keep: (value: T) => boolean): Promise<T>;
  /** How many builds were answered from memory, and how many were made (the bench prints them). */
  readonly counts: { kept: number; made: number };
}

export function createBuildMemo<T extends object>(
  sizeOf: (value: T) => number,
  maxBytes: number = BUILD_MEMO_BYTES,
): BuildMemo<T> {
  const kept = new LRUCache<string, T>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, sizeOf(value)) });
  const making = new Map<string, Promise<T>>();
  const counts = { kept: 0, made: 0 };
  return {
    counts,
    get(key, build, keep) {
      const known = kept.get(key) ?? making.get(key);
      if (known) {
        counts.kept += 1;
        return Promise.resolve(known);
      }
      counts.made += 1;
      const made = build().then(
        (value) => {
          making.delete(key);
          // A build larger than the whole memo is not kept (LRUCache refuses it).
          if (keep(value) && sizeOf(value) <= maxBytes) kept.set(key, value);
          return value;
        },
        (error: unknown) => {
          making.delete(key);
          throw error;
        },
      );
      making.set(key, made);
      return made;
    },
  };
}
