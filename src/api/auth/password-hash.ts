import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

// argon2id with OWASP's minimum (19 MiB, 2 passes); the hashing runs on libuv's thread pool, off the event loop.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most cores − 1 hashes at a time (at least one). A burst of logins would otherwise take every thread of the
 * pool and every core, and every other request (and the pool's file reads) would wait behind them; this way the
 * logins queue among themselves and the rest of the site keeps a core.
 */
const SLOTS = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A waiter is handed the finishing hash's slot directly, so no newcomer can slip in between.
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, options));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
