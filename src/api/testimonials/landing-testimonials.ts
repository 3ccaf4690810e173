import type { FastifyBaseLogger } from 'fastify';
import type { Testimonial } from '../../contracts/site.js';
import type { StudentListsService } from '../admin/student-lists.service.js';
import type { WebPages } from '../http/web-pages.js';

/**
 * The landing page carries the approved testimonials. A moderation through this process re-renders it before
 * answering (`changed`); any change through another process (or a student's status or photo) is seen within a watch
 * interval: the list is cached per version of the students table, so a look is cheap.
 */
export function createLandingTestimonials({
  studentLists,
  log,
}: {
  studentLists: Pick<StudentListsService, 'testimonials'>;
  log: FastifyBaseLogger;
}) {
  const latest = async () => (await studentLists.testimonials()).value.raw.toString();
  let pages: WebPages | undefined;
  let rendered = '';
  let rerendering = Promise.resolve();

  /** Renders the pages again if the list differs from the one they show; without pages (API only), nothing. */
  async function changed(): Promise<void> {
    if (!pages) return;
    const shown = pages;
    const now = await latest();
    // A render of this very list may be under way (the watch saw it first): wait for it.
    if (now !== rendered) {
      rendered = now;
      rerendering = shown.rerender({ testimonials: JSON.parse(now) as Testimonial[] }).catch((error: unknown) => {
        // Not shown: the next look renders it again.
        rendered = '';
        throw error;
      });
    }
    await rerendering;
  }

  return {
    changed,

    /** The list now, which the pages are first rendered with. */
    async current(): Promise<Testimonial[]> {
      rendered = await latest();
      return JSON.parse(rendered) as Testimonial[];
    },

    /** Keeps `pages` current: at each change here, and by a look every `watchMs`. Returns the function that stops. */
    follow(rendering: WebPages, watchMs: number): () => void {
      pages = rendering;
      const watch = setInterval(() => {
        changed().catch((error: unknown) => log.warn({ err: error }, 'could not check the testimonials for a change'));
      }, watchMs);
      watch.unref();
      return () => clearInterval(watch);
    },
  };
}
