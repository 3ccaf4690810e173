import { useEffect, useRef } from 'react';
import { formatAmount, type PaymentOrder } from '../../../contracts/payments';
import { usePayOnTestGateway } from './api';
import type { CheckoutCallbacks } from './razorpay-checkout';
import { errorText } from '../../lib/error-text';

/**
 * The built-in test gateway's checkout, in place of Razorpay's when the site has no keys. The tester chooses
 * success or failure; the server signs a success exactly as Razorpay would, so the same verification follows.
 */
export function TestCheckoutDialog({
  order,
  onSuccess,
  onFailure,
  onDismiss,
}: { order: PaymentOrder } & CheckoutCallbacks) {
  const ref = useRef<HTMLDialogElement>(null);
  const finished = useRef(false);
  const pay = usePayOnTestGateway();
  // Still busy after a success: the dialog is closing.
  const busy = pay.isPending || pay.isSuccess;
  const error = pay.error ? errorText(pay.error) : null;

  useEffect(() => {
    const dialog = ref.current;
    finished.current = false;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      finished.current = true;
      dialog?.close();
    };
  }, []);

  const finish = (report: () => void) => {
    finished.current = true;
    ref.current?.close();
    report();
  };

  const choose = (outcome: 'success' | 'failure') =>
    pay.mutate(
      { orderId: order.order_id, outcome },
      {
        onSuccess: (result) => {
          if ('error' in result) finish(() => onFailure(result.error.description));
          else finish(() => onSuccess(result));
        },
      },
    );

  const amount = formatAmount(order.amount, order.currency);
  return (
    <dialog
      ref={ref}
      className="test-checkout"
      aria-labelledby="test-checkout-title"
      onClose={() => {
        if (!finished.current) onDismiss();
      }}
    >
      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
        <h2 id="test-checkout-title" className="h5 mb-0">
          Test checkout
        </h2>
        <button
          type="button"
          className="btn-close-text btn btn-sm btn-outline-secondary"
          onClick={() => ref.current?.close()}
          disabled={busy}
        >
          Cancel
        </button>
      </div>
      <div className="alert alert-warning py-2" role="note">
        <strong>This is a test payment.</strong> No money is charged: the site has no Razorpay keys, so its built-in
        test gateway stands in for Razorpay&apos;s checkout.
      </div>
      <dl className="test-checkout-details">
        <dt>Pay to</dt>
        <dd>{order.name}</dd>
        <dt>For</dt>
        <dd>{order.description}</dd>
        <dt>Amount</dt>
        <dd className="fw-bold">{amount}</dd>
        <dt>Name</dt>
        <dd>{order.prefill.name || '—'}</dd>
        <dt>Email</dt>
        <dd>{order.prefill.email}</dd>
        <dt>Mobile</dt>
        <dd>{order.prefill.contact || '—'}</dd>
        <dt>Order</dt>
        <dd className="text-break">{order.order_id}</dd>
      </dl>
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-success" disabled={busy} onClick={() => choose('success')}>
          Pay {amount} (test payment succeeds)
        </button>
        <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => choose('failure')}>
          Fail this payment
        </button>
      </div>
    </dialog>
  );
}
