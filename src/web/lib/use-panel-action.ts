import { useMutation } from '@tanstack/react-query';

/**
 * Runs one admin action at a time, as a mutation, and keeps its outcome: a success line or the error to show in
 * the panel. Each run starts clean (the last one's line and error go); `run` never throws.
 */
export function usePanelAction() {
  const mutation = useMutation({ mutationFn: (work: () => Promise<string | void>) => work() });
  const run = (work: () => Promise<string | void>) =>
    mutation.mutateAsync(work).then(
      () => undefined,
      () => undefined,
    );
  return {
    run,
    message: mutation.data || '',
    error: mutation.error,
    // A running action keeps its busy state and reports its outcome; only a finished one's line is cleared.
    clear: () => {
      if (!mutation.isPending) mutation.reset();
    },
    pending: mutation.isPending,
  };
}
