import { describe, expect, it } from 'vitest';
import { argumentsText, parseArguments } from './exercises/results.js';

describe('Run’s arguments, typed as a shell shows them', () => {
  it('splits words at spaces and keeps a quoted one whole, empty included', () => {
    expect(parseArguments('5  data.txt')).toEqual(['5', 'data.txt']);
    expect(parseArguments('"two words" "" x')).toEqual(['two words', '', 'x']);
    expect(parseArguments('"say \\"hi\\"" back\\slash')).toEqual(['say "hi"', 'back\\slash']);
    expect(parseArguments('   ')).toEqual([]);
    // An unclosed quote runs to the end.
    expect(parseArguments('"open end')).toEqual(['open end']);
  });

  it('reads back what it shows', () => {
    for (const args of [['1'], ['a b', '', 'c"d', 'e\\f'], []])
      expect(parseArguments(argumentsText(args))).toEqual(args);
  });
});
