/**
 * Live supervision in the browser: a stream of the student programs that changed (the teacher's panel, the student's
 * editor), read with the shared event-stream reader. The caller invalidates the queries the changes touch, and
 * polls as before while the stream is down.
 */
import { useEffect, useRef, useState } from 'react';
import { type LiveChange, liveChangesSchema } from '../../../contracts/exercises/supervision';
import { keepStreamOpen } from '../../lib/event-stream';

/**
 * Keeps the stream at `url` open while mounted (none when `url` is null) and hands each event's changes to
 * `onChanges` (an empty list: events may have been missed, refetch everything). Returns whether it is open: poll
 * while it is not.
 */
export function useLiveChanges(url: string | null, onChanges: (changes: LiveChange[]) => void): boolean {
  const [streaming, setStreaming] = useState(false);
  const handler = useRef(onChanges);
  useEffect(() => {
    handler.current = onChanges;
  });
  useEffect(() => {
    if (!url) return;
    let opened = false;
    const close = keepStreamOpen({
      url,
      onEvent(event, data) {
        if (event !== 'changes') return;
        try {
          const parsed = liveChangesSchema.safeParse(JSON.parse(data));
          if (parsed.success) handler.current(parsed.data.changes);
        } catch {
          // Not JSON: ignored, as the heartbeat is.
        }
      },
      onStreaming(open) {
        setStreaming(open);
        // Reopened: whatever changed while the stream was down is fetched once now.
        if (open && opened) handler.current([]);
        if (open) opened = true;
      },
    });
    return () => {
      close();
      setStreaming(false);
    };
  }, [url]);
  return streaming;
}
