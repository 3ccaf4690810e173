import { describe, expect, it } from 'vitest';
import { courseSessionInputSchema, youtubeId } from './course-content.js';

describe('youtubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (input, id) => expect(youtubeId(input)).toBe(id));

  it.each(['https://vimeo.com/123', 'https://www.youtube.com/watch?v=short', 'not a url', 'javascript:alert(1)'])(
    'refuses %s',
    (input) => expect(youtubeId(input)).toBeNull(),
  );
});

describe('course session input', () => {
  it('accepts real dates only', () => {
    const base = { session_number: 1, topics: 'Loops' };
    expect(courseSessionInputSchema.safeParse({ ...base, session_date: '2028-02-29' }).success).toBe(true);
    expect(courseSessionInputSchema.safeParse({ ...base, session_date: '2027-02-29' }).success).toBe(false);
    expect(courseSessionInputSchema.safeParse({ ...base, session_date: '2027-1-5' }).success).toBe(false);
  });
});
