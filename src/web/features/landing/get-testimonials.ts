import { createContext, use, useEffect, useState } from 'react';
import type { Testimonial } from '../../../contracts/site';
import { apiFetch, type ResponseSchema } from '../../lib/api-client';
import { apiPaths } from '../../../contracts/api-paths';

interface TestimonialsState {
  data?: Testimonial[];
  isPending: boolean;
  isError: boolean;
}

const RETRY_DELAY_MS = 1000;

const TEXT_FIELDS = ['first_name', 'last_name', 'study', 'institution', 'feedback', 'get_image_url'] as const;

/**
 * contracts/site.ts's testimonialSchema, checked by hand rather than with zod: the landing page's bundle carries no
 * zod (lib/site-info.tsx does the same).
 */
const testimonialsSchema: ResponseSchema<Testimonial[]> = {
  safeParse: (value) =>
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        TEXT_FIELDS.every((field) => {
          const text: unknown = (item as Record<string, unknown>)[field];
          return text === null || typeof text === 'string';
        }),
    )
      ? { success: true, data: value as Testimonial[] }
      : { success: false },
};

/**
 * The testimonials the server rendered the page with (src/prerender): the static landing page carries them in its
 * HTML. Null in the single-page app, which fetches them.
 */
export const RenderedTestimonials = createContext<Testimonial[] | null>(null);

/**
 * The landing page's one read of server state, fetched without TanStack Query so that the landing page's
 * JavaScript doesn't carry it (docs/decisions/007-landing-page-weight.md). One retry, as the query client does.
 */
export function useTestimonials(): TestimonialsState {
  const rendered = use(RenderedTestimonials);
  const [state, setState] = useState<TestimonialsState>(
    rendered ? { data: rendered, isPending: false, isError: false } : { isPending: true, isError: false },
  );
  useEffect(() => {
    if (rendered) return;
    const controller = new AbortController();
    const { signal } = controller;
    const load = () => apiFetch(apiPaths.oldStudents, testimonialsSchema, { signal });
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
  }, [rendered]);
  return state;
}
