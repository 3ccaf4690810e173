import { describe, expect, it } from 'vitest';
import { failedPasswordChecks, passwordSchema } from './password.js';

describe('password rule', () => {
  it('accepts a password meeting every check', () => {
    expect(failedPasswordChecks('Secret#123')).toEqual([]);
    expect(passwordSchema.safeParse('Secret#123').success).toBe(true);
  });

  it('names each missing check', () => {
    expect(failedPasswordChecks('abc')).toEqual([
      'Capital letter',
      'Special character',
      'Minimum length 8',
      'A number',
    ]);
    expect(failedPasswordChecks('Abcdefg#')).toEqual(['A number']);
    const result = passwordSchema.safeParse('abcdefgh1');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password needs: Capital letter, Special character');
  });
});
