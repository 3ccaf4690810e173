/** csmith's programs made standalone: its headers' platform branches resolved, only the wrappers called kept. */
import { describe, expect, it } from 'vitest';
import { pruneSafeMath, resolvePlatformConditionals } from './csmith.js';

describe('resolving the platform conditionals', () => {
  it('keeps the branch for no particular platform, and leaves guards and value tests to the compiler', () => {
    const text = [
      '#ifndef RANDOM_INC_H',
      '#define RANDOM_INC_H',
      '#if defined(STANDALONE)',
      '#include "stdint_ia32.h"',
      '#elif defined (AVR_ARCH)',
      '#include "platform_avr.h"',
      '#else',
      '#include <stdint.h>',
      '#endif',
      '#ifndef UNSAFE',
      '#if (INT8_MAX>=INT_MAX)',
      'x',
      '#endif',
      '#endif',
      '#endif',
    ].join('\n');
    expect(resolvePlatformConditionals(text).split('\n')).toEqual([
      '#ifndef RANDOM_INC_H',
      '#define RANDOM_INC_H',
      '#include <stdint.h>',
      '#if (INT8_MAX>=INT_MAX)',
      'x',
      '#endif',
      '#endif',
    ]);
  });
});

describe('pruning the safe-math wrappers', () => {
  it('keeps only the wrappers the program calls', () => {
    const wrapper = (name: string) => `STATIC int8_t\nFUNC_NAME(${name})(int8_t a LOG_INDEX)\n{\n  return a;\n}\n`;
    const runtime = `#define A\n${wrapper('add_func_int8_t_s_s')}${wrapper('mod_func_int8_t_s_s')}#endif\n`;
    expect(pruneSafeMath(runtime, 'x = safe_mod_func_int8_t_s_s(1, 2);')).toBe(
      `#define A\n${wrapper('mod_func_int8_t_s_s')}#endif\n`,
    );
  });
});
