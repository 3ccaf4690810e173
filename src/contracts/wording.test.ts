import { describe, expect, it } from 'vitest';
import { plural, sizeInWords } from './wording.js';

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

describe('sizeInWords', () => {
  it('says bytes below a kilobyte, then KB and MB with at most one decimal', () => {
    expect(sizeInWords(0)).toBe('0 bytes');
    expect(sizeInWords(1)).toBe('1 byte');
    expect(sizeInWords(1023)).toBe('1023 bytes');
    expect(sizeInWords(1024)).toBe('1 KB');
    expect(sizeInWords(1229)).toBe('1.2 KB');
    expect(sizeInWords(64 * 1024)).toBe('64 KB');
    expect(sizeInWords(448 * 1024)).toBe('448 KB');
    expect(sizeInWords(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
