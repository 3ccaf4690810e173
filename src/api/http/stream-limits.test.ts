import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStreamLimits, openFileLimit } from './stream-limits.js';

const limitsFile = (openFiles: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'limits-')), 'limits');
  writeFileSync(
    path,
    'Limit                     Soft Limit           Hard Limit           Units\n' +
      'Max processes             63471                63471                processes\n' +
      `Max open files            ${openFiles}                files\n`,
  );
  return path;
};

describe('stream limits', () => {
  it('read the soft open-file limit of the process', () => {
    expect(openFileLimit(limitsFile('1024                 524288'))).toBe(1024);
    expect(openFileLimit(limitsFile('unlimited            unlimited'))).toBeUndefined();
    expect(openFileLimit('/no/such/file')).toBeUndefined();
    // This machine's own, as the site reads it.
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('give streams half the open-file limit, between 10 and 4,000, unless configured', () => {
    expect(defaultStreamLimits(1024).total).toBe(512);
    expect(defaultStreamLimits(65536).total).toBe(4000);
    expect(defaultStreamLimits(12).total).toBe(10);
    expect(defaultStreamLimits(1024, 200).total).toBe(200);
    expect(defaultStreamLimits(1024).perAddress).toBe(50);
  });
});
