/**
 * Server-sent events read with fetch, so the stream carries the bearer header like every other call (EventSource
 * cannot send it, and a token in a URL ends up in logs). Plain TypeScript with no imports beyond the token: the
 * notification stream uses it on every page, the landing page included (docs/decisions/007).
 */
import { readToken } from './auth-store';

const MAX_RETRY_MS = 60_000;

/** Reads `text/event-stream` blocks as they come, handing each event's name and data to `onEvent`. */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(event, data.join('\n'));
    }
  }
}

/** The signed-in person's bearer header, if any. */
export function authHeaders(): Record<string, string> | undefined {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : undefined;
}

interface StreamOptions {
  url: string;
  onEvent: (event: string, data: string) => void;
  /** True while the stream is open, false when it fails (poll then) and while it is retried. */
  onStreaming: (streaming: boolean) => void;
  /** Signed out, or not allowed (401/403/404): nothing to retry. */
  onRefused?: () => void;
}

/**
 * Keeps a stream open: when it fails it says so (the caller polls instead) and retries with a growing delay; one
 * that was open and ended (the server's expiry, a restart) is reopened after a second. Returns what closes it.
 */
export function keepStreamOpen({ url, onEvent, onStreaming, onRefused }: StreamOptions): () => void {
  const controller = new AbortController();
  let retryMs = 1000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const auth = authHeaders();
    if (!auth) return onRefused?.();
    let opened = false;
    /** What the server asked for when it refused the stream (too many from this network, or it is full). */
    let retryAfterMs = 0;
    try {
      const response = await fetch(url, {
        headers: { ...auth, accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) return onRefused?.();
      retryAfterMs = (Number(response.headers.get('retry-after')) || 0) * 1000;
      if (response.ok && response.body) {
        opened = true;
        retryMs = 1000;
        onStreaming(true);
        await readEvents(response.body, controller.signal, onEvent);
      }
    } catch {
      // A dropped connection: retried below.
    }
    if (controller.signal.aborted) return;
    // Too many tabs or streams (429, 503), a proxy without streaming, the server restarting: the caller polls while
    // this retries.
    onStreaming(false);
    retryTimer = setTimeout(() => void connect(), opened ? 1000 : Math.max(retryMs, retryAfterMs));
    if (!opened) retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  void connect();
  return () => {
    controller.abort();
    clearTimeout(retryTimer);
  };
}
