import { describe, expect, it } from 'vitest';
import { plural } from './wording.js';

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'email')).toBe('1 email');
    expect(plural(2, 'email')).toBe('2 emails');
    expect(plural(0, 'student')).toBe('0 students');
    expect(plural(1, 'test case')).toBe('1 test case');
  });

  it('takes an irregular plural', () => {
    expect(plural(3, 'class', 'classes')).toBe('3 classes');
    expect(plural(1, 'class', 'classes')).toBe('1 class');
  });
});
