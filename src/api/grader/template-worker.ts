/**
 * Worker thread: renders CodeRunner templates (coderunner-template.ts) for the grader, so a template that loops
 * long or builds a huge text is stopped by the pool's time limit and heap cap, never holding the web server's thread.
 */
import { parentPort } from 'node:worker_threads';
import { type ProgramTemplate, renderCombinator, renderOneTest, type TemplateTest } from './coderunner-template.js';

/** All the tests in one program (a combinator), or one program per test. */
export interface TemplateRequest {
  program: ProgramTemplate;
  answer: string;
  tests: TemplateTest[];
  combined: boolean;
}

/** The programs rendered (one, or one per test), or the template's error in its own words. */
export type TemplateResponse = { sources: string[] } | { error: string };

export function renderRequest({ program, answer, tests, combined }: TemplateRequest): TemplateResponse {
  try {
    return {
      sources: combined
        ? [renderCombinator(program, answer, tests)]
        : tests.map((test) => renderOneTest(program, answer, test)),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', ({ id, request }: { id: number; request: TemplateRequest }) => {
  parentPort?.postMessage({ id, ok: true, result: renderRequest(request) });
});
parentPort?.postMessage({ ready: true });
