/**
 * Build step (after tsc): copies what the compiled server reads beside its JavaScript but tsc does not emit, the C
 * programs' checks runtime and headers (src/api/grader/checks), into dist/server.
 */
import { cpSync } from 'node:fs';

cpSync('src/api/grader/checks', 'dist/server/api/grader/checks', {
  recursive: true,
  filter: (source) => !/\.ts$/.test(source),
});
