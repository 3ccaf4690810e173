import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBuild, privateDirectory } from './build-cache.js';

const roots: string[] = [];
function freshDirectory(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-cache-test-'));
  roots.push(root);
  return privateDirectory(root)!;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the compile processes’ build cache', () => {
  it('builds once, then gives the same bytes without building', () => {
    const directory = freshDirectory();
    let builds = 0;
    const build = () => {
      builds += 1;
      return new Uint8Array([1, 2, 3]);
    };
    expect(cachedBuild(['runtime.o', '-O1'], build, directory)).toEqual(new Uint8Array([1, 2, 3]));
    expect(cachedBuild(['runtime.o', '-O1'], build, directory)).toEqual(new Uint8Array([1, 2, 3]));
    expect(builds).toBe(1);
    // Other inputs are another build.
    cachedBuild(['runtime.o', '-O2'], build, directory);
    expect(builds).toBe(2);
  });

  it('builds again over a file whose bytes do not match their hash', () => {
    const directory = freshDirectory();
    cachedBuild(['pch'], () => new Uint8Array([7, 7]), directory);
    const [file] = readdirSync(directory);
    writeFileSync(join(directory, file!), Buffer.alloc(40, 9));
    expect(cachedBuild(['pch'], () => new Uint8Array([8]), directory)).toEqual(new Uint8Array([8]));
    expect(cachedBuild(['pch'], () => new Uint8Array([9]), directory)).toEqual(new Uint8Array([8]));
  });

  it('trusts no directory that others can write to', () => {
    const root = mkdtempSync(join(tmpdir(), 'build-cache-test-'));
    roots.push(root);
    const directory = privateDirectory(root)!;
    chmodSync(directory, 0o777);
    expect(privateDirectory(root)).toBeNull();
  });
});
