import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', null],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),\r\n"line\nbreak",3\r\n');
  });

  it('leaves negative numbers, booleans and empty cells readable, and defuses text that starts like one', () => {
    expect(toCsv(['n', 'b', 'e', 't'], [[-5, true, null, '-1+cmd|calc']])).toBe("n,b,e,t\r\n-5,true,,'-1+cmd|calc\r\n");
  });
});
