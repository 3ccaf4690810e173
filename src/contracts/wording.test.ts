import { describe, expect, it } from 'vitest';
import { plural, shortenAtWord } from './wording.js';

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

describe('shortenAtWord', () => {
  it('keeps a short text whole', () => {
    expect(shortenAtWord('Pointers and arrays', 60)).toBe('Pointers and arrays');
  });

  it('cuts at the last whole word and adds an ellipsis', () => {
    const text = 'Pointers and arrays: how an array name decays to a pointer when it is passed';
    const short = shortenAtWord(text, 40);
    expect(short).toBe('Pointers and arrays: how an array name…');
    expect(short.length).toBeLessThanOrEqual(40);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
  });

  it('never ends on a cut word or a dangling comma', () => {
    expect(shortenAtWord('Loops, arrays, functions and pointers', 16)).toBe('Loops, arrays…');
    for (let max = 'Storage'.length + 2; max < 40; max += 1) {
      const short = shortenAtWord('Storage classes and the lifetime of variables', max);
      const words = short.slice(0, -1).split(' ');
      for (const word of words) expect('Storage classes and the lifetime of variables'.split(' ')).toContain(word);
    }
  });

  it('cuts a single word longer than the room where it must', () => {
    expect(shortenAtWord('Supercalifragilistic', 8)).toBe('Superca…');
  });

  it('folds line breaks and runs of spaces', () => {
    expect(shortenAtWord('Control\nflow   and loops', 60)).toBe('Control flow and loops');
  });
});
