// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import type { Doubt } from '../../../contracts/doubts';
import { fakeServer, renderScreen } from '../../test-support/render';
import { MyDoubts } from './my-doubts';

const student = { id: 7, student_status: STUDENT_STATUS.paid } as StudentData;
const doubt = (id: number, question: string): Doubt => ({
  id,
  session_id: null,
  session_number: null,
  question,
  answer: null,
  run: null,
  answered_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Doubts', () => {
  it('asks a doubt through its hook: the form empties and the list, read again, shows it', async () => {
    const stored: Doubt[] = [];
    const server = fakeServer((method, path, body) => {
      if (path === '/courses') return { body: [] };
      if (method === 'POST' && path === '/api/v1/doubts') {
        const created = doubt(1, (body as { question: string }).question);
        stored.push(created);
        return { status: 201, body: created };
      }
      if (path === '/api/v1/doubts') return { body: [...stored] };
      return { status: 404, body: { errors: ['Not found'] } };
    });
    renderScreen(<MyDoubts student={student} />);
    expect(await screen.findByText('No doubt asked yet.')).toBeTruthy();

    const field = screen.getByLabelText('Your doubt') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Why does scanf need &?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByText('Why does scanf need &?')).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(''));
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/doubts', body: { question: 'Why does scanf need &?', session_id: null } },
    ]);
    // Read once on opening and once more after the doubt was stored.
    expect(server.calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/doubts')).toHaveLength(2);
  });

  it('keeps the question and shows the server’s reason when the doubt is refused', async () => {
    fakeServer((method) => {
      if (method === 'POST') return { status: 429, body: { errors: ['Too many doubts today. Please try tomorrow.'] } };
      return { body: [] };
    });
    renderScreen(<MyDoubts student={student} />);
    const field = (await screen.findByLabelText('Your doubt')) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'What is a dangling pointer?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many doubts today. Please try tomorrow.');
    expect(field.value).toBe('What is a dangling pointer?');
    expect((screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
