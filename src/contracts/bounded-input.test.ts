import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unboundedInputs } from './bounded-input.js';

describe('unboundedInputs', () => {
  it('names each string and array without a maximum, however deep or wrapped', () => {
    const schema = z.strictObject({
      name: z.string().trim().max(60),
      code: z.string().refine((text) => text.length < 10),
      pin: z.string().length(4),
      tags: z.array(z.string().max(5)).max(3),
      notes: z.array(z.object({ text: z.string() })).optional(),
      date: z.preprocess((value) => value, z.string().nullable()),
      either: z.union([z.string().max(2), z.array(z.number())]),
      kind: z.enum(['a', 'b']),
      count: z.number().int(),
      extra: z.record(z.string(), z.number()),
      pair: z.tuple([z.string(), z.boolean()]),
      later: z.string().default(''),
    });
    expect(unboundedInputs(schema)).toEqual([
      'code',
      'notes[]',
      'notes[].text',
      'date',
      'either[]',
      'extra{}',
      'pair[0]',
      'later',
    ]);
    expect(unboundedInputs(z.string())).toEqual(['(body)']);
    expect(unboundedInputs(z.object({ a: z.string().max(1) }))).toEqual([]);
  });
});
