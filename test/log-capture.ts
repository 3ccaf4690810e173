import { Writable } from 'node:stream';

/** A stream a test's logger writes to, and every line it wrote, for asserting what reached the log. */
export function captureLog(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}
