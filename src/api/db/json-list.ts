import { z } from 'zod';

/**
 * A JSON list stored in a text column (a test's files, a rubric), read item by item with its schema; anything else
 * (never written by this site) reads as empty.
 */
export function readJsonList<T>(json: string | null, item: z.ZodType<T>): T[] {
  if (json === null) return [];
  try {
    const parsed = z.array(item).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
