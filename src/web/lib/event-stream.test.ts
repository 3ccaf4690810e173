import { describe, expect, it } from 'vitest';
import { readEvents } from './event-stream';

/** A body that arrives in these pieces. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEvents', () => {
  it('hands over each event whole, however the bytes are split, and skips comments', async () => {
    const events: [string, string][] = [];
    await readEvents(
      body(
        ': open\n\n',
        'event: changes\ndata: {"changes":[{"student_program_id":7,',
        '"kind":"draft"}]}\n',
        '\n: heartbeat\r\n\r\nevent: unread\ndata: {"unread":2}\n\ndata: line one\ndata: line two\n\n',
      ),
      new AbortController().signal,
      (event, data) => events.push([event, data]),
    );
    expect(events).toEqual([
      ['changes', '{"changes":[{"student_program_id":7,"kind":"draft"}]}'],
      ['unread', '{"unread":2}'],
      ['message', 'line one\nline two'],
    ]);
  });
});
