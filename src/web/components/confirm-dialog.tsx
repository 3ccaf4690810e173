import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../lib/error-text';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  /** The confirming button's words: what it does ("Delete program 3"), never just "OK". */
  confirmLabel: string;
  /** Done once confirmed; while it runs the dialog waits, and if it fails the dialog stays open with the reason. */
  action: () => Promise<unknown>;
  /** Red for what can't be undone (the default); blue for a repeat the person may well want (a second email). */
  danger?: boolean;
}

/**
 * The site's one confirmation dialog, for every destructive or repeated action: a native modal <dialog>, like
 * the test checkout's (the browser keeps focus inside it, Escape cancels, the page behind is inert). Cancel has
 * the focus at first, so Enter never deletes by accident.
 */
function ConfirmDialog({ request, onDone }: { request: ConfirmRequest; onDone: (confirmed: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const finished = useRef(false);
  // The confirmed action as a mutation: busy while it runs; a success closes the dialog (and stays busy meanwhile).
  const run = useMutation({ mutationFn: () => request.action(), onSuccess: () => finish(true) });
  const busy = run.isPending || run.isSuccess;
  const error = run.error ? errorText(run.error) : null;
  const id = useId();

  useEffect(() => {
    opener.current = document.activeElement;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => dialog?.close();
  }, []);

  const finish = (confirmed: boolean) => {
    finished.current = true;
    ref.current?.close();
    onDone(confirmed);
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };

  const confirm = () => run.mutate();

  return (
    <dialog
      ref={ref}
      className="app-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (!finished.current) finish(false);
      }}
    >
      <h2 id={`${id}-title`} className="h5">
        {request.title}
      </h2>
      <div id={`${id}-message`} className="mb-3">
        {request.message}
      </div>
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-outline-secondary"
          disabled={busy}
          onClick={() => finish(false)}
        >
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${request.danger === false ? 'btn-primary' : 'btn-danger'}`}
          disabled={busy}
          aria-busy={busy}
          onClick={confirm}
        >
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Asks before an action: `confirm(request)` opens the dialog and resolves true once the action has been done,
 * false if the person cancelled. Render `dialog` somewhere in the component.
 */
export function useConfirm() {
  const [open, setOpen] = useState<{ request: ConfirmRequest; resolve: (confirmed: boolean) => void } | null>(null);
  const confirm = useCallback(
    (request: ConfirmRequest) => new Promise<boolean>((resolve) => setOpen({ request, resolve })),
    [],
  );
  const dialog = open ? (
    <ConfirmDialog
      request={open.request}
      onDone={(confirmed) => {
        open.resolve(confirmed);
        setOpen(null);
      }}
    />
  ) : null;
  return { confirm, dialog };
}
