import { useCallback, useEffect, useRef, useState } from 'react';
import { formatTime } from '../../../../contracts/dates';
import { draftSchema } from '../../../../contracts/exercises/workspace';
import { readToken } from '../../../lib/auth-store';
import { saveDraft, saveDraftOnLeave } from './api';

const AUTOSAVE_MS = 2000;
export type SaveState = { state: 'saved' | 'saving' | 'unsaved' | 'failed'; at: string | null };

/**
 * The workspace's draft: the code as typed (`code`), the last text the server has (`saved`) and the save state
 * shown beside the editor. Saved a couple of seconds after the last keystroke, and as the page goes away.
 */
export function useDraft(id: number, initial: string, savedAt: string | null, locked = false) {
  const code = useRef(initial);
  const saved = useRef(initial);
  const [save, setSave] = useState<SaveState>({ state: 'saved', at: savedAt });
  const [edits, setEdits] = useState(0);

  const persist = useCallback(async () => {
    const text = code.current;
    // A timed program whose time is up takes no more drafts.
    if (text === saved.current || locked) return;
    // The server's own rule for drafts: a draft over the limit is not sent.
    if (!draftSchema.safeParse({ code: text }).success) return setSave({ state: 'failed', at: null });
    setSave((s) => ({ ...s, state: 'saving' }));
    try {
      const { saved_at } = await saveDraft(id, text);
      saved.current = text;
      setSave({ state: code.current === text ? 'saved' : 'unsaved', at: saved_at });
    } catch {
      setSave((s) => ({ ...s, state: 'failed' }));
    }
  }, [id, locked]);

  // Autosave a couple of seconds after the last keystroke; and on leaving the page.
  useEffect(() => {
    if (edits === 0) return;
    const timer = setTimeout(() => void persist(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edits, persist]);
  useEffect(() => {
    const leave = () => {
      if (code.current !== saved.current && !locked) saveDraftOnLeave(id, code.current, readToken());
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id, locked]);

  const onChange = useCallback((text: string) => {
    code.current = text;
    setSave((s) => ({ ...s, state: 'unsaved' }));
    setEdits((n) => n + 1);
  }, []);
  return { code, saved, save, setSave, onChange };
}

/** The line beside the editor that says where the draft stands. */
export function draftStateText(save: SaveState, zone: string): string {
  return {
    saved: save.at ? `Draft saved at ${formatTime(save.at, zone)}` : 'No changes yet',
    saving: 'Saving…',
    unsaved: 'Unsaved changes',
    failed: 'Could not save the draft. It will be tried again as you type.',
  }[save.state];
}
