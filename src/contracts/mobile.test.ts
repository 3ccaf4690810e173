import { describe, expect, it } from 'vitest';
import { profileSchema } from './accounts.js';
import { mobileMessages, normalizeMobile } from './mobile.js';

const profile = {
  city: 'Dubai',
  country: 'United Arab Emirates',
  study: 'B.Tech',
  institution: 'CET',
};

describe('a mobile number', () => {
  it.each([
    ['9876543210', '9876543210'],
    [' 98765 43210 ', '9876543210'],
    ['98765-43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['+971 50 123 4567', '+971501234567'],
    ['00971501234567', '+971501234567'],
    ['+65 8123 4567', '+6581234567'],
    ['+44 7911 123456', '+447911123456'],
    ['+1 (212) 555-0123', '+12125550123'],
  ])('%s is kept as %s', (typed, kept) => {
    expect(normalizeMobile(typed)).toEqual({ ok: true, mobile: kept });
  });

  it.each([
    ['', mobileMessages.tenDigits],
    ['987654321', mobileMessages.tenDigits],
    ['98765432101', mobileMessages.tenDigits],
    ['98765abcde', mobileMessages.tenDigits],
    ['971501234567', mobileMessages.tenDigits],
    ['+971 5', mobileMessages.international],
    ['+999 123 456 789', mobileMessages.international],
    ['+44 12', mobileMessages.international],
    ['+971 50 123 4567 ext 2', mobileMessages.international],
    ['(0)98765 43210', mobileMessages.tenDigits],
  ])('%j is refused: %s', (typed, message) => {
    expect(normalizeMobile(typed)).toEqual({ ok: false, message });
  });

  it('keeps the product’s words for the 10-digit rule', () => {
    expect(mobileMessages.tenDigits).toBe('Mobile must be exactly 10 digits');
  });

  it('is one rule for the form and the API: the profile schema keeps what normalizeMobile keeps', () => {
    expect(profileSchema.parse({ ...profile, mobile: '+971 50 123 4567' }).mobile).toBe('+971501234567');
    expect(profileSchema.parse({ ...profile, mobile: '9876543210' }).mobile).toBe('9876543210');
    const refused = profileSchema.safeParse({ ...profile, mobile: '12345' });
    expect(refused.success ? [] : refused.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['mobile'], 'Mobile must be exactly 10 digits'],
    ]);
  });
});
