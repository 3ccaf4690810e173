import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages.js';
import { failedPasswordChecks, passwordSchema, withPasswordConfirmation } from './password.js';

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

describe('withPasswordConfirmation', () => {
  const form = withPasswordConfirmation(z.object({ password: passwordSchema }));

  it('refuses a confirmation that differs, under Confirm Password, and keeps the password rule', () => {
    const mismatch = form.safeParse({ password: 'Kernighan#1978', confirm_password: 'Kernighan#1979' });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: messages.passwordsDontMatch }),
    ]);
    expect(form.safeParse({ password: 'weak', confirm_password: 'weak' }).success).toBe(false);
  });

  it('accepts a matching confirmation', () => {
    expect(form.safeParse({ password: 'Kernighan#1978', confirm_password: 'Kernighan#1978' }).success).toBe(true);
  });
});
