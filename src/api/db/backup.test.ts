import { describe, expect, it } from 'vitest';
import { pgToolFolder } from './backup.js';

describe('the PostgreSQL tools a backup and a restore use', () => {
  it('are those of the server’s own major version when it is installed, whichever is newest', () => {
    expect(pgToolFolder(16, [15, 16, 17], '/pg')).toBe('/pg/16/bin');
    expect(pgToolFolder(18, [18, 14], '/pg')).toBe('/pg/18/bin');
  });

  it('are the newest installed when the server’s version is not, or cannot be asked; else the PATH’s', () => {
    expect(pgToolFolder(16, [14, 17, 15], '/pg')).toBe('/pg/17/bin');
    expect(pgToolFolder(undefined, [15, 17], '/pg')).toBe('/pg/17/bin');
    expect(pgToolFolder(16, [], '/pg')).toBeUndefined();
  });
});
