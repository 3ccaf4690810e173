/**
 * A fresh `npm install` builds native code where no prebuilt binary fits the machine: tree-sitter-compat (the
 * similarity check's C parser) has prebuilt binaries for Node 22 and 24 only, so on Node 20 it runs the node-gyp it
 * depends on, which downloads Node's headers. node-gyp 13 loads undici 8, which crashes on Node 20 as it loads; the
 * lockfile pins node-gyp 12 (package.json "overrides"). This runs the locked node-gyp under the current Node, as the
 * install would, its download code loaded (CI has no internet, so nothing is fetched).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The node-gyp that tree-sitter-compat's install script runs (its own, or the one hoisted beside it). */
function lockedNodeGyp(): string {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const own = join(root, 'node_modules', 'tree-sitter-compat', 'node_modules', 'node-gyp');
  return existsSync(own) ? own : dirname(createRequire(join(root, 'package.json')).resolve('node-gyp/package.json'));
}

describe('native builds on a fresh install', () => {
  it('run the locked node-gyp under this Node, its header download code included', () => {
    const nodeGyp = lockedNodeGyp();
    const version = execFileSync(process.execPath, [join(nodeGyp, 'bin', 'node-gyp.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(version.trim()).toMatch(/^v\d+\.\d+\.\d+$/);
    const loaded = execFileSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(join(nodeGyp, 'lib', 'download.js'))}); console.log('loaded')`],
      { encoding: 'utf8' },
    );
    expect(loaded.trim()).toBe('loaded');
  });
});
