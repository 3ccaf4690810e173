import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { errorText } from '../../lib/error-text';

/** Downloads a payment's PDF receipt (with the signed-in person's token), telling why if it cannot. */
export function ReceiptButton({ path, receiptNumber }: { path: string; receiptNumber: string }) {
  const download = useMutation({ mutationFn: () => downloadFile(path, `${receiptNumber}.pdf`) });
  const busy = download.isPending;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary text-nowrap"
        disabled={busy}
        aria-busy={busy}
        onClick={() => download.mutate()}
      >
        Download receipt<span className="visually-hidden"> {receiptNumber}</span>
      </button>
      {download.error ? (
        <span className="d-block small text-danger" role="alert">
          {errorText(download.error)}
        </span>
      ) : null}
    </>
  );
}
