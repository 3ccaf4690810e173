import { useState } from 'react';

/** Runs one admin action at a time and keeps its outcome: a success line or the error to show in the panel. */
export function usePanelAction() {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<string | void>) => {
    setError(null);
    setMessage('');
    setPending(true);
    try {
      const text = await work();
      if (text) setMessage(text);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  const clear = () => {
    setError(null);
    setMessage('');
  };
  return { run, message, error, clear, pending };
}
