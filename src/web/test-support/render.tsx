import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** One answer of the fake server: a status and a JSON body (none for 204). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Replaces fetch with a fake server for component tests: `answer(method, path)` gives the answer to each request,
 * and `calls` lists what the page sent, in order (method, path, parsed JSON body).
 */
export function fakeServer(answer: (method: string, path: string, body: unknown) => FakeAnswer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, path, body });
      const { status = 200, body: answerBody } = answer(method, path, body);
      return new Response(status === 204 ? null : JSON.stringify(answerBody ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls };
}

/** Renders a screen as the app does: its own query client (no retries, so a failure shows at once) and a router. */
export function renderScreen(screen: ReactElement, client = new QueryClient()) {
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{screen}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
