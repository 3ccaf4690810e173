// A vitest reporter for `npm test`: writes what failed to the file named by VITEST_FAILURES_FILE, as a JSON list of
// lines, so the end of the log says what broke. Vitest's JSON report lists failed tests only; a failed beforeAll or
// afterAll (its tests then show as skipped) and an unhandled error fail the run without a failed test, and would
// leave "1 failed" with no name.
import { writeFileSync } from 'node:fs';

function firstLines(error) {
  return (error?.stack || error?.message || String(error)).split('\n').slice(0, 4).join('\n      ');
}

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const lines = [];
    for (const module of testModules) {
      for (const error of module.errors())
        lines.push(`${module.relativeModuleId} (the file)\n      ${firstLines(error)}`);
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors())
          lines.push(`${module.relativeModuleId} › ${suite.fullName}\n      ${firstLines(error)}`);
      }
      for (const test of module.children.allTests('failed')) {
        const error = test.result().errors?.[0];
        lines.push(`${module.relativeModuleId} › ${test.fullName}\n      ${firstLines(error)}`);
      }
    }
    for (const error of unhandledErrors) lines.push(`unhandled error\n      ${firstLines(error)}`);
    if (process.env.VITEST_FAILURES_FILE) writeFileSync(process.env.VITEST_FAILURES_FILE, JSON.stringify(lines));
  }
}
