// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchesQuery } from '../../lib/batches-api';
import { adminCourseBookQuery, adminSessionsQuery } from '../../lib/course-api';
import { fakeServer } from '../../test-support/render';
import { useDeleteSession, useSetCourseBook } from './api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withClient() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { wrapper, invalidated };
}

describe("the course plan's writes refresh what shows them", () => {
  it('a session deleted from the plan refreshes the plan and the batches (each lists the sessions it lacks)', async () => {
    const server = fakeServer(() => ({ status: 204 }));
    const { wrapper, invalidated } = withClient();
    const { result } = renderHook(() => useDeleteSession(), { wrapper });

    await act(() => result.current.mutateAsync(5));

    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /courses/5']);
    const keys = invalidated.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toContainEqual(adminSessionsQuery().queryKey);
    expect(keys).toContainEqual(batchesQuery().queryKey);
  });

  it('a refused write refreshes nothing and reports the reason', async () => {
    fakeServer(() => ({ status: 400, body: { errors: ['Enter a link that starts with https://'] } }));
    const { wrapper, invalidated } = withClient();
    const { result } = renderHook(() => useSetCourseBook(), { wrapper });

    act(() => result.current.mutate('ftp://book'));

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toContain('Enter a link that starts with https://');
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).not.toContainEqual(
      adminCourseBookQuery().queryKey,
    );
  });
});
