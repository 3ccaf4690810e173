import { describe, expect, it } from 'vitest';
import { anchorComment } from './exercises/supervision.js';

describe('a line comment anchored to the code it was written on', () => {
  const code = ['int main(void) {', '  int nums[2];', '  nums[2] = 5;', '}'].join('\n');

  it('stays on its line while that line reads the same (spaces at its end aside)', () => {
    expect(anchorComment(code, { line: 2, line_text: '  int nums[2];  ' })).toBe(2);
    expect(anchorComment(code, { line: 2, line_text: null })).toBe(2);
  });

  it('follows its line when lines come before it, to the nearest copy when there are two', () => {
    expect(anchorComment(`// sum\n\n${code}`, { line: 2, line_text: '  int nums[2];' })).toBe(4);
    const twice = ['  x++;', 'a();', 'b();', 'c();', 'd();', 'e();', '  x++;'].join('\n');
    expect(anchorComment(twice, { line: 6, line_text: '  x++;' })).toBe(7);
    expect(anchorComment(twice, { line: 2, line_text: '  x++;' })).toBe(1);
  });

  it('is outdated once its line changed, or went, and a plain "}" is never followed elsewhere', () => {
    expect(anchorComment(code.replace('nums[2];', 'nums[3];'), { line: 2, line_text: '  int nums[2];' })).toBeNull();
    expect(anchorComment('int main(void) {}', { line: 2, line_text: '  int nums[2];' })).toBeNull();
    expect(anchorComment(`\n${code}`, { line: 4, line_text: '}' })).toBeNull();
  });
});
