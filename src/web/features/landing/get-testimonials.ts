import { useEffect, useState } from 'react';
import type { Testimonial } from '../../../contracts/site';
import { apiFetch } from '../../lib/api-client';

interface TestimonialsState {
  data?: Testimonial[];
  isPending: boolean;
  isError: boolean;
}

const RETRY_DELAY_MS = 1000;

/**
 * The landing page's one read of server state, fetched without TanStack Query so that the landing page's
 * JavaScript doesn't carry it (docs/decisions/007-landing-page-weight.md). One retry, as the query client does.
 */
export function useTestimonials(): TestimonialsState {
  const [state, setState] = useState<TestimonialsState>({ isPending: true, isError: false });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const load = () => apiFetch<Testimonial[]>('/students/get_old_students', { signal });
    load()
      .catch((error: unknown) => {
        if (signal.aborted) throw error;
        return new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(load);
      })
      .then(
        (data) => setState({ data, isPending: false, isError: false }),
        () => {
          if (!signal.aborted) setState({ isPending: false, isError: true });
        },
      );
    return () => controller.abort();
  }, []);
  return state;
}
