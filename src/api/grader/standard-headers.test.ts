/**
 * The standard headers precompiled for the checked build: used only where they mean what they mean as written, and
 * then changing nothing the compiler says or builds.
 */
import { runClang } from '@yowasp/clang';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../test/c-corpus.js';
import { COMPILE_FLAGS, RUNTIME_FLAGS } from './build-flags.js';
import {
  buildProgram,
  buildRuntime,
  CHECKS_INCLUDE,
  CHECKS_INCLUDES,
  type ChecksFiles,
  readChecksFiles,
} from './build-program.js';
import { leadingStandardIncludes, precompiledHeaders, STANDARD_HEADERS, standardIncludes } from './standard-headers.js';

describe('the standard headers a program includes first', () => {
  it('are its #include lines of standard headers before anything else, comments and blank lines aside', () => {
    expect(leadingStandardIncludes('#include <stdio.h>\nint main(void) { return 0; }\n')).toEqual(['stdio']);
    expect(
      leadingStandardIncludes(
        '/* Marks\n * by Asha */\n// the sum\n\n#include <string.h>  // strlen\n  # include <stdio.h>\n#define N 5\nint a[N];\n',
      ),
    ).toEqual(['stdio', 'string']);
  });

  it('are none when a directive or code comes first, or the program includes something else', () => {
    expect(leadingStandardIncludes('#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n')).toBeNull();
    expect(leadingStandardIncludes('#define NDEBUG\n#include <assert.h>\n')).toBeNull();
    expect(leadingStandardIncludes('int max;\n#include <stdlib.h>\n')).toBeNull();
    expect(leadingStandardIncludes('#include <stdio.h>\nint x;\n#include <stdlib.h>\n')).toBeNull();
    expect(leadingStandardIncludes('#include <stdio.h>\n#include <unistd.h>\n')).toBeNull();
    expect(leadingStandardIncludes('#include "list.h"\n')).toBeNull();
    expect(leadingStandardIncludes('int main(void) { return 0; }\n')).toBeNull();
    expect(leadingStandardIncludes('/* #include <stdio.h> */\nint main(void) { return 0; }\n')).toBeNull();
  });

  it('differ from the syntax tree’s, which are every standard header included anywhere', () => {
    expect(standardIncludes('#define N 5\n#include <stdlib.h>\n#include <stdio.h>\n')).toEqual(['stdio', 'stdlib']);
  });
});

describe('a checked build with its headers precompiled', { timeout: 180_000 }, () => {
  let files: ChecksFiles;
  let runtime: Uint8Array;
  beforeAll(async () => {
    await runClang(null, {}, { fetchProgress: () => undefined });
    files = readChecksFiles();
    runtime = buildRuntime(RUNTIME_FLAGS, files);
  }, 180_000);

  const build = (code: string, precompiled: boolean) => {
    let output = '';
    const collect = (bytes: Uint8Array | null) => {
      if (bytes) output += new TextDecoder().decode(bytes);
    };
    const names = leadingStandardIncludes(code);
    const headers =
      precompiled && names
        ? precompiledHeaders(names, [...COMPILE_FLAGS.filter((flag) => !flag.startsWith('-Wl,')), ...CHECKS_INCLUDES], {
            [CHECKS_INCLUDE]: files.headers,
          })
        : undefined;
    if (precompiled && !headers) return null;
    try {
      const wasm = buildProgram(
        code,
        COMPILE_FLAGS,
        runtime,
        CHECKS_INCLUDES,
        files,
        { stdout: collect, stderr: collect },
        headers,
      )['main.wasm'];
      return { output, wasm: wasm as Uint8Array };
    } catch {
      return { output, wasm: null };
    }
  };

  it('says what the compiler says of the program as written, and builds the same program', () => {
    const programs = [
      // Every sixth of the corpus (each build here is Clang in this process: the whole corpus took minutes).
      ...readCorpus()
        .filter((_, index) => index % 6 === 0)
        .map((program) => program.code),
      // Every standard header the course's programs include, at once.
      `${STANDARD_HEADERS.map((name) => `#include <${name}.h>\n`).join('')}int main(void) {\n  printf("%d\\n", abs(-3));\n  return 0;\n}\n`,
      // Warnings whose notes point into the headers, a misused library call, and errors.
      '#include <stdio.h>\n#include <string.h>\nint main(void) {\n  int n = 5;\n  printf("%s %f\\n", n, strlen("ab"));\n  char *s = strcpy(n, "x");\n  return 0;\n}\n',
      '#include <stdio.h>\nint main(void) {\n  printf("%d\\n", undeclared);\n  return 0\n}\n',
      '#include <stdio.h>\nint main(void) {\n  char *p = malloc(4);\n  return 0;\n}\n',
    ];
    expect(leadingStandardIncludes(programs[programs.length - 4]!)).toEqual(STANDARD_HEADERS);
    let compared = 0;
    for (const code of programs) {
      const withHeaders = build(code, true);
      if (!withHeaders) continue;
      const asWritten = build(code, false)!;
      expect(withHeaders.output, code).toBe(asWritten.output);
      expect(withHeaders.wasm === null, code).toBe(asWritten.wasm === null);
      if (withHeaders.wasm && asWritten.wasm) expect(Buffer.compare(withHeaders.wasm, asWritten.wasm), code).toBe(0);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(12);
  });
});
