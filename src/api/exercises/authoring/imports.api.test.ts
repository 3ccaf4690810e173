import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp } from '../../../../test/accounts-helpers.js';
import { codeRunnerExport } from '../../../../test/large-exports.js';
import type { TestContext } from '../../../../test/test-app.js';
import { importMessages } from '../../../contracts/exercises/authoring.js';
import { createImportReader, type ImportReader } from './import-reader.js';

let ctx: TestContext;
let adminToken: string;

/** What happened, in order: a read's end, and the other requests' answers. */
const events: string[] = [];
let onRead: (() => void) | undefined;
const reader = createImportReader();
// A reader whose time limit every read runs past.
const hurried = createImportReader({ timeoutMs: 1 });
let useHurried = false;
/** The app's reader, watched: the test hears when a read has begun and notes when it ends. */
const watched: ImportReader = {
  read(owner, request) {
    const reading = (useHurried ? hurried : reader).read(owner, request);
    onRead?.();
    return reading.finally(() => events.push('read'));
  },
  close: async () => {
    await Promise.all([reader.close(), hurried.close()]);
  },
};

const importFile = (content: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/programs/import',
    headers: bearer(adminToken),
    payload: { content },
  });

/** One CodeRunner question whose fields are given as they stand in the XML. */
const question = ({ name = 'Sum', stdin = '1 2', expected = '3', answer = 'int main(void) { return 0; }' }) =>
  `<question type="coderunner"><name><text>${name}</text></name><questiontext><text>Add.</text></questiontext>` +
  `<coderunnertype>c_program</coderunnertype><answer>${answer}</answer><testcases><testcase>` +
  `<stdin><text>${stdin}</text></stdin><expected><text>${expected}</text></expected></testcase></testcases></question>`;
const quiz = (...questions: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions.join('')}</quiz>`;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp({}, { importReader: watched }));
}, 60_000);
afterAll(() => ctx.close());

describe('importing exercises: files read off the event loop', () => {
  it('reads a reference to no character in a question’s HTML as U+FFFD, and in a test’s text refuses the file', async () => {
    const html = await importFile(quiz(question({ name: '<![CDATA[Sum &#x110000; &#99999999; &#xD800;]]>' })));
    expect(html.statusCode).toBe(201);
    expect(html.json().imported.map((p: { task: string }) => p.task)).toEqual(['Sum \uFFFD \uFFFD \uFFFD\n\nAdd.']);
    // Escaped in the XML, the reference reaches the HTML reading all the same.
    const escaped = await importFile(quiz(question({ name: 'Sum &amp;#99999999;' })));
    expect(escaped.json().imported[0].task).toBe('Sum \uFFFD\n\nAdd.');
    for (const reference of ['&#x110000;', '&#99999999;', '&#xD800;', '&#0;']) {
      const refused = await importFile(quiz(question({}), question({ stdin: `1 ${reference}` })));
      expect(refused.statusCode).toBe(201);
      expect(refused.json()).toEqual({
        imported: [],
        skipped: [
          { name: 'the file', reason: `it is not well-formed XML (${reference} names no character XML allows)` },
        ],
        dropped: [],
      });
    }
    // A reference XML allows is read: A and B.
    const read = await importFile(quiz(question({ stdin: '&#65; &#x42;' })));
    const exercise = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/programs/${read.json().imported[0].id}/exercise`,
      headers: bearer(adminToken),
    });
    expect(exercise.json().tests[0].stdin).toBe('A B');
  });

  it('takes <!DOCTYPE inside CDATA or as text, and refuses a DOCTYPE declared in the prolog', async () => {
    const page = '<!DOCTYPE html>\n<html><body>Hi</body></html>\n';
    const printsPage = `#include <stdio.h>\n/* prints <!DOCTYPE html> */\nint main(void) { return 0; }\n`;
    const taken = await importFile(
      quiz(
        question({ name: 'Page', expected: `<![CDATA[${page}]]>`, answer: `<![CDATA[${printsPage}]]>` }),
        question({ name: 'Escaped', stdin: '&lt;!DOCTYPE html&gt;' }),
      ),
    );
    expect(taken.statusCode).toBe(201);
    expect(taken.json().skipped).toEqual([]);
    const [pageProgram, escaped] = taken.json().imported as { id: number }[];
    const exerciseOf = async (id: number) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/programs/${id}/exercise`, headers: bearer(adminToken) })
      ).json();
    const saved = await exerciseOf(pageProgram!.id);
    expect(saved.tests[0].expected_output).toBe(page);
    expect(saved.reference_solution).toBe(printsPage);
    expect((await exerciseOf(escaped!.id)).tests[0].stdin).toBe('<!DOCTYPE html>');

    const declared = quiz(question({ name: 'Sum &a;' })).replace(
      '<quiz>',
      '<!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa">]>\n<quiz>',
    );
    expect((await importFile(declared)).json()).toEqual({
      imported: [],
      skipped: [{ name: 'the file', reason: 'it declares a DOCTYPE, which a Moodle export never does' }],
      dropped: [],
    });
  });

  it('imports a task past 5,000 characters whole; one past 20,000 is left out with the reason', async () => {
    const statement = (n: number) => 'Read the numbers and print their sum. '.repeat(Math.ceil(n / 38)).slice(0, n);
    const long = statement(12_000);
    const imported = await importFile(
      quiz(question({ name: 'Long' }).replace('<text>Add.</text>', `<text>${long}</text>`)),
    );
    expect(imported.statusCode).toBe(201);
    expect(imported.json().imported[0].task).toBe(`Long\n\n${long.trim()}`);
    const tooLong = await importFile(
      quiz(question({ name: 'Longer' }).replace('<text>Add.</text>', `<text>${statement(20_001)}</text>`)),
    );
    expect(tooLong.json().imported).toEqual([]);
    expect(tooLong.json().skipped[0].reason).toContain('Task must be at most 20,000 characters');
    // The same limit when a program is written by hand.
    const written = await ctx.app.inject({
      method: 'POST',
      url: '/programs',
      headers: bearer(adminToken),
      payload: { program_number: 7001, task: statement(20_001) },
    });
    expect(written.statusCode).toBe(400);
    expect(written.body).toContain('Task must be at most 20,000 characters');
  });

  it('imports a CodeRunner export of 10,000 tests while other requests are answered', async () => {
    // The worker is loaded by the imports before: what runs now is the reading itself.
    const begun = new Promise<void>((resolve) => (onRead = resolve));
    const importing = importFile(codeRunnerExport(200, 50));
    await begun;
    onRead = undefined;
    // Started once the reading had begun, and answered before it ended.
    const other = await ctx.app.inject({ method: 'GET', url: '/programs', headers: bearer(adminToken) });
    events.push('other request');
    expect(other.statusCode).toBe(200);
    const imported = await importing;
    expect(events.slice(-2)).toEqual(['other request', 'read']);

    expect(imported.statusCode).toBe(201);
    const report = imported.json() as { imported: { id: number; program_number: number; tests: number }[] };
    expect(report).toMatchObject({ skipped: [] });
    expect(report.imported).toHaveLength(200);
    expect(report.imported.every((program) => program.tests === 50)).toBe(true);
    const numbers = report.imported.map((program) => program.program_number);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const last = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/programs/${report.imported[199]!.id}/exercise`,
      headers: bearer(adminToken),
    });
    expect(last.json().tests[49]).toMatchObject({ stdin: '199049 49\n', expected_output: '199098\n', visible: false });
  });

  it('answers a read past its limit with 413 and the reason, not a 500', async () => {
    useHurried = true;
    try {
      const stopped = await importFile(codeRunnerExport(20, 50));
      expect(stopped.statusCode).toBe(413);
      expect(stopped.json()).toEqual({ errors: [importMessages.tooSlow], code: 'payloadTooLarge' });
    } finally {
      useHurried = false;
    }
  });
});
