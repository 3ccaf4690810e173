/**
 * Response schemas for answers that no zod schema in src/contracts describes. Apart from api-client.ts, which the
 * landing page loads, so that only the pages using them download them.
 */
import type { ResponseSchema } from './api-client';

/** No body: the 204 of a DELETE. */
export const noContent: ResponseSchema<null> = {
  safeParse: (value) => (value === null ? { success: true, data: null } : { success: false }),
};
