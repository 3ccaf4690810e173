import { useState } from 'react';
import { downloadFile } from '../lib/download';
import { errorText } from '../lib/error-text';

/** Downloads a payment's PDF receipt (with the signed-in person's token), telling why if it cannot. */
export function ReceiptButton({ path, receiptNumber }: { path: string; receiptNumber: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, `${receiptNumber}.pdf`);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary text-nowrap"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        Download receipt<span className="visually-hidden"> {receiptNumber}</span>
      </button>
      {error ? (
        <span className="d-block small text-danger" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
