import { describe, expect, it } from 'vitest';
import { courseSessionInputSchema, programLabel, programTitle, youtubeId } from './course-content.js';

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

describe('program titles', () => {
  it('is the task’s first line', () => {
    expect(programTitle('Sum of digits\nRead an integer and print the sum of its digits.')).toBe('Sum of digits');
    expect(programTitle('\n  Pointers   and arrays  \nSwap two values.')).toBe('Pointers and arrays');
    expect(programLabel({ program_number: 7, task: 'Sum of digits\nRead…' })).toBe('Program 7: Sum of digits');
  });

  it('takes a long line’s first sentence, or cuts it at a word', () => {
    expect(
      programTitle(
        'File handling: marks.txt has a name and a mark on each line. Write report.txt with each name followed by pass.',
      ),
    ).toBe('File handling: marks.txt has a name and a mark on each line.');
    const title = programTitle(
      'Write a program that reads two integers and prints their sum, difference, product and quotient.',
    );
    expect(title).toBe('Write a program that reads two integers and prints their…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('is only the number while there is no task to show', () => {
    expect(programLabel({ program_number: 3, task: '' })).toBe('Program 3');
    expect(programLabel({ program_number: 3 })).toBe('Program 3');
  });
});
