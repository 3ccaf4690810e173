import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * Plain-word messages for every rule that has no message of its own, so that neither a form nor an API answer
 * ever shows a field's internal name or zod's wording ("lesson_video: Invalid input: expected string…").
 * Loaded once by the API (app.ts) and by the web app (main.tsx, entry-server.tsx).
 */

/** 'lesson_video' -> 'Lesson video'; the last named segment of a path. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string | undefined {
  const name = [...(path ?? [])].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!name) return undefined;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : undefined;
}

const kinds: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

export function zodIssueMessage(issue: $ZodRawIssue): string | undefined {
  const label = fieldLabel(issue.path);
  const subject = label ?? 'The request';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null)
        return label
          ? `${label} is required.`
          : 'The request needs a body: a JSON object with the fields of this form.';
      return `${subject} must be ${kinds[issue.expected] ?? issue.expected}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `"${issue.keys[0]}" is not a field this form takes.`
        : `${issue.keys.map((k: string) => `"${k}"`).join(', ')} are not fields this form takes.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${subject} is required.`
          : `${subject} must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} must have at least ${issue.minimum} items.`;
      return `${subject} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${subject} must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} must have at most ${issue.maximum} items.`;
      return `${subject} must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${subject} must be an email address.`;
      if (issue.format === 'url') return `${subject} must be a web address.`;
      return `${subject} is not in the right format.`;
    case 'invalid_value':
      return `${subject} must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}.`;
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}.`;
    default:
      return `${subject} is not valid.`;
  }
}

z.config({ customError: zodIssueMessage });
