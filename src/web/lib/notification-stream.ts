/**
 * The signed-in person's unread notification count, kept live by ONE stream per tab: `GET
 * /api/v1/notifications/stream` read with fetch (EventSource cannot send the Authorization header). When the stream
 * fails, the count is polled every 30 s while the stream is retried with a growing delay. Plain TypeScript and a
 * React hook, no TanStack Query or zod: the header shows the count on every page, the landing page included, which
 * must stay light (docs/decisions/007). features/notifications/api.ts keeps the TanStack queries in step with it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { authHeaders, keepStreamOpen } from './event-stream';
import { apiPaths } from '../../contracts/api-paths';

const STREAM_URL = apiPaths.notificationStream;
const UNREAD_URL = apiPaths.unreadNotifications;
const POLL_MS = 30_000;

type Listener = () => void;

let unread: number | null = null;
/** Grows with each event of the stream: a repeat folded in leaves the count as it was, yet the list has changed. */
let revision = 0;
const listeners = new Set<Listener>();
let users = 0;
let stop: (() => void) | undefined;

function publish(next: number | null, changed = false): void {
  if (next === unread && !changed) return;
  unread = next;
  if (changed) revision += 1;
  for (const listener of listeners) listener();
}

function readCount(data: string): number | undefined {
  try {
    const value = (JSON.parse(data) as { unread?: unknown }).unread;
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function start(): () => void {
  const controller = new AbortController();
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let streaming = false;

  const poll = async () => {
    const auth = authHeaders();
    if (!auth || controller.signal.aborted) return;
    try {
      const response = await fetch(UNREAD_URL, { headers: auth, signal: controller.signal });
      if (response.ok) publish(readCount(await response.text()) ?? unread);
    } catch {
      // Offline for now: the next poll tries again.
    }
    // A stream opened meanwhile brings the count itself.
    if (!controller.signal.aborted && !streaming) pollTimer = setTimeout(() => void poll(), POLL_MS);
    else pollTimer = undefined;
  };

  const close = keepStreamOpen({
    url: STREAM_URL,
    onEvent(event, data) {
      const count = event === 'unread' ? readCount(data) : undefined;
      if (count !== undefined) publish(count, true);
    },
    onStreaming(open) {
      streaming = open;
      if (open) {
        clearTimeout(pollTimer);
        pollTimer = undefined;
      } else if (!pollTimer) void poll();
    },
    // Signed out (401) or a session gone: nothing to show, and nothing to retry.
    onRefused: () => publish(null),
  });
  return () => {
    controller.abort();
    close();
    clearTimeout(pollTimer);
    publish(null);
  };
}

/** Holds the stream open while any component of the tab wants it (and the person is signed in). */
export function useNotificationStream(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    users += 1;
    stop ??= start();
    return () => {
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = undefined;
      }
    };
  }, [signedIn]);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live unread count; null until known (signed out, or before the first answer). */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}

/** Sets the count at once after a call that answered it (mark read), before the stream says so. */
export function setUnreadCount(count: number): void {
  publish(count);
}

/** For TanStack's cache to follow the stream (features/notifications/api.ts). */
export const subscribeUnread = subscribe;
export const currentRevision = () => revision;
