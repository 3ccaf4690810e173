// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDoubt, AdminDoubtPage, DoubtStep } from '../../../contracts/doubts';
import { fakeServer, renderScreen } from '../../test-support/render';
import { DoubtsPanel } from './doubts-panel';

const doubt = (id: number, question: string, run: AdminDoubt['run'] = null): AdminDoubt => ({
  id,
  session_id: null,
  session_number: null,
  question,
  answer: null,
  answered_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
  run,
  student_id: 7,
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
});

/** The run the student stepped through, as the server stores it. */
const stored: DoubtStep = {
  code: 'int main(void) {\n  int a = 1;\n  int b = 2;\n  return a + b;\n}\n',
  stdin: '5',
  files: [{ name: 'in.txt', content: 'hello' }],
  args: [],
  step: 2,
  line: 3,
};
const summary = { step: 2, line: 3, code_bytes: 1300, stdin_bytes: 1, files: 1, files_bytes: 5 };

/** A recorded run of four steps, on lines 1 to 4, in main. */
const recorded = {
  compile: { ok: true, diagnostics: [], output: '' },
  run: null,
  trace: {
    functions: ['main'],
    vars: [],
    types: [],
    records: [],
    events: [[1, 0], ...[1, 2, 3, 4].map((line) => [0, line, 1, 0, 0])],
    steps: 4,
    stdout: '',
    stdin: '5',
    truncated: false,
  },
  message: null,
};

const page = (items: AdminDoubt[], next: string | null): AdminDoubtPage => ({
  items,
  has_more: next !== null,
  next,
  waiting: 3,
  total: 3,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the teacher's Doubts panel", () => {
  it('loads more doubts on asking, then opens a doubt asked from Step through at its step, its run fetched then', async () => {
    const server = fakeServer((method, path) => {
      if (path === '/api/v1/admin/doubts') return { body: page([doubt(5, 'Why is a 1?', summary)], 'waiting-5') };
      if (path === '/api/v1/admin/doubts?after=waiting-5')
        return { body: page([doubt(6, 'Why does it stop?', summary), doubt(8, 'Plain doubt')], null) };
      if (path === '/api/v1/admin/doubts/6/run') return { body: stored };
      if (method === 'POST' && path === '/api/v1/admin/trace') return { body: recorded };
      return { status: 404, body: { errors: ['Not found.'], code: 'notFound' } };
    });
    // The next page's and the run's answers wait until the test has seen their buttons busy.
    const release = { page: () => {}, run: () => {} };
    const gates = {
      page: new Promise<void>((resolve) => (release.page = resolve)),
      run: new Promise<void>((resolve) => (release.run = resolve)),
    };
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('after=')) await gates.page;
      if (input.endsWith('/run')) await gates.run;
      return answer(input, init);
    });
    renderScreen(<DoubtsPanel onExit={() => {}} />);
    expect(await screen.findByText('Why is a 1?')).toBeTruthy();
    expect(screen.getByText('3 waiting for an answer · 3 doubts in all')).toBeTruthy();
    expect(screen.getByText('1 of 3 shown')).toBeTruthy();
    // The list says how big each run is; nothing of the run itself has been asked for yet.
    expect(screen.getByText(/^Asked from Step through:/).textContent).toBe(
      'Asked from Step through: code 1.3 KB, input 1 byte, 1 file (5 bytes).',
    );

    const more = screen.getByRole('button', { name: 'Load more doubts' });
    fireEvent.click(more);
    // Busy while the next page is read.
    await waitFor(() => expect(more.textContent).toBe('Loading…'));
    expect((more as HTMLButtonElement).disabled).toBe(true);
    release.page();
    expect(await screen.findByText('Why does it stop?')).toBeTruthy();
    expect(screen.getByText('Plain doubt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more doubts' })).toBeNull();
    expect(screen.queryByText(/shown/)).toBeNull();
    expect(server.calls.filter((c) => c.path.includes('/run'))).toEqual([]);

    const card = screen.getByText('Why does it stop?').closest('.card') as HTMLElement;
    const open = within(card).getByRole('button', { name: 'Open at step 3 (line 3)' });
    fireEvent.click(open);
    // Busy while the run is read (and then recorded).
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(true));
    expect(open.querySelector('.spinner-border')).not.toBeNull();
    release.run();
    const view = await within(card).findByRole('region', { name: 'Step through' });
    expect(within(view).getByRole('status').textContent).toBe('Step 3 of 4, line 3');
    expect(server.calls.filter((c) => c.path.includes('/run') || c.path.includes('/trace'))).toEqual([
      { method: 'GET', path: '/api/v1/admin/doubts/6/run', body: undefined },
      {
        method: 'POST',
        path: '/api/v1/admin/trace',
        body: { code: stored.code, stdin: stored.stdin, files: stored.files, args: stored.args },
      },
    ]);
  });

  it('says in words why a run could not be fetched, and steps through nothing', async () => {
    const server = fakeServer((_method, path) => {
      if (path === '/api/v1/admin/doubts') return { body: page([doubt(9, 'Gone?', summary)], null) };
      if (path === '/api/v1/admin/doubts/9/run')
        return {
          status: 404,
          body: { errors: ['This doubt was not asked from Step through: it has no run to open.'], code: 'notFound' },
        };
      return { status: 500, body: { errors: ['Unexpected call.'], code: 'internal' } };
    });
    renderScreen(<DoubtsPanel onExit={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open at step 3 (line 3)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This doubt was not asked from Step through: it has no run to open.',
    );
    expect(screen.queryByRole('region', { name: 'Step through' })).toBeNull();
    expect(server.calls.some((c) => c.path.includes('/trace'))).toBe(false);
    expect((screen.getByRole('button', { name: 'Open at step 3 (line 3)' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
