import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { formatDateTime } from '../../../contracts/dates';
import {
  formatAmount,
  PAYMENT_CURRENCY,
  type PaymentOrder,
  paymentMessages,
  receiptsEndpoints,
} from '../../../contracts/payments';
import { ReceiptButton } from './receipt-button';
import { ScrollRegion } from '../../components/scroll-region';
import { myPaymentsQuery, refreshPaymentViews, useStartPayment, useVerifyPayment } from './api';
import { type CheckoutCallbacks, openRazorpayCheckout } from './razorpay-checkout';
import { TestCheckoutDialog } from './test-checkout-dialog';
import { StatusBadge } from '../../components/status-badge';
import { errorText } from '../../lib/error-text';

import { endpointUrl } from '../../../contracts/endpoint';
import { useSiteInfo, useTimeZone } from '../../lib/site-info';

type Notice = { variant: 'success' | 'danger' | 'info'; text: string };

const statusLabels = { created: 'Not paid', captured: 'Paid', failed: 'Failed' } as const;

/** My Payment: the fee, Pay Now (Razorpay Checkout, or the built-in test checkout), and the student's payments. */
export function MyPayment({ student }: { student: StudentData }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const payments = useQuery(myPaymentsQuery());
  const [notice, setNotice] = useState<Notice | null>(null);
  const start = useStartPayment();
  const verify = useVerifyPayment();
  const busy = start.isPending || verify.isPending;
  const [testOrder, setTestOrder] = useState<PaymentOrder | null>(null);
  const { courseFeePaise } = useSiteInfo();

  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const completed = student.student_status === STUDENT_STATUS.completed;
  // The server's answer is the fee of this moment; until it comes, the fee the page was rendered with.
  const fee = payments.data?.fee ?? { amount: courseFeePaise, currency: PAYMENT_CURRENCY };
  const captured = payments.data?.payments.find((p) => p.status === 'captured');

  const checkout: CheckoutCallbacks = {
    onSuccess(response) {
      setTestOrder(null);
      verify.mutate(response, {
        onSuccess: (result) => {
          setNotice({ variant: 'success', text: result.message });
          window.alert(result.message);
        },
        onError: (error) => setNotice({ variant: 'danger', text: errorText(error) }),
      });
    },
    onFailure(reason) {
      setTestOrder(null);
      setNotice({ variant: 'danger', text: paymentMessages.failed(reason) });
      void refreshPaymentViews(client);
    },
    onDismiss() {
      setTestOrder(null);
      // Closing Razorpay's window after a failed attempt keeps the failure on screen.
      setNotice((current) =>
        current?.variant === 'danger' ? current : { variant: 'info', text: paymentMessages.cancelled },
      );
    },
  };

  const open = async (order: PaymentOrder) => {
    if (order.gateway === 'test') return setTestOrder(order);
    await openRazorpayCheckout(order, checkout).catch(() =>
      setNotice({ variant: 'danger', text: paymentMessages.checkoutUnavailable }),
    );
  };
  const payNow = () => {
    setNotice(null);
    start.mutate(
      { student, amount: fee.amount, open },
      { onError: (error) => setNotice({ variant: 'danger', text: errorText(error) }) },
    );
  };

  return (
    <>
      <h1 className="h4">My Payment</h1>
      <p>
        Status: <StatusBadge status={student.student_status} />
      </p>
      {/* What is true for this student's status: a fee to pay, a fee paid, or a course completed. */}
      {!paid ? (
        <p>
          Course fee: <strong>{formatAmount(fee.amount, fee.currency)}</strong> (introductory offer). You can pay any
          time before your batch starts; see the <Link to={paths.terms}>Terms</Link> for refunds.
        </p>
      ) : completed ? (
        <p>
          You have completed the course, and your course fee is paid. Thank you! Tell future students how it went in{' '}
          <Link to={`${paths.dashboard}/${dashboardPaths.myFeedback}`}>My Feedback (After course)</Link>.
        </p>
      ) : (
        <p>
          Your course fee is paid: your classes and program exercises are open. If you cancel before your batch starts,
          the fee is refunded in full; see the <Link to={paths.terms}>Terms</Link>.
        </p>
      )}
      {!paid && payments.data?.gateway === 'test' ? (
        <p className="text-body-secondary small">
          This site takes payments through a built-in test gateway: no real money is charged.
        </p>
      ) : null}
      {notice ? (
        <div className={`alert alert-${notice.variant}`} role={notice.variant === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
      <button
        type="button"
        className={`btn ${paid ? 'btn-success' : 'btn-primary'}`}
        disabled={paid || busy}
        aria-busy={busy}
        onClick={() => void payNow()}
      >
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        Pay Now
      </button>
      {paid && payments.data ? (
        <p className="mt-3 mb-0">
          {captured?.payment_id
            ? `Paid ${formatAmount(captured.amount, captured.currency)}${captured.paid_at ? ` on ${formatDateTime(captured.paid_at, zone)}` : ''}. Payment ID: ${captured.payment_id}.`
            : 'Your teacher recorded your payment. Thank you!'}
        </p>
      ) : null}
      {payments.isError ? <div className="alert alert-warning mt-3">{errorText(payments.error)}</div> : null}
      {payments.data && payments.data.payments.length > 0 ? (
        <>
          <h2 className="h6 mt-4">Your payments</h2>
          <ScrollRegion label="Your payments">
            {/* On a phone each payment is a card, its receipt button in view; roles kept for the card layout. */}
            <table className="table table-sm align-middle table-cards" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    Date
                  </th>
                  <th scope="col" role="columnheader">
                    Amount
                  </th>
                  <th scope="col" role="columnheader">
                    Status
                  </th>
                  <th scope="col" role="columnheader">
                    Payment ID
                  </th>
                  <th scope="col" role="columnheader">
                    Receipt
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {payments.data.payments.map((p) => (
                  <tr key={p.order_id} role="row">
                    <td role="cell" data-label="Date" className="text-nowrap">
                      {formatDateTime(p.paid_at ?? p.created_at, zone)}
                    </td>
                    <td role="cell" data-label="Amount" className="text-nowrap">
                      {formatAmount(p.amount, p.currency)}
                    </td>
                    <td role="cell" data-label="Status">
                      <span>
                        {statusLabels[p.status]}
                        {p.status === 'failed' && p.failure_reason ? (
                          <span className="d-block small text-body-secondary">{p.failure_reason}</span>
                        ) : null}
                      </span>
                    </td>
                    <td role="cell" data-label="Payment ID" className={p.payment_id ? 'text-break' : undefined}>
                      {p.payment_id ?? (p.paid_via === 'manual' ? 'Recorded by your teacher' : '—')}
                    </td>
                    <td role="cell" data-label="Receipt">
                      {p.status === 'captured' && p.receipt_number ? (
                        <ReceiptButton
                          path={endpointUrl(receiptsEndpoints.myReceipt, { id: p.id })}
                          receiptNumber={p.receipt_number}
                        />
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
      {testOrder ? <TestCheckoutDialog order={testOrder} {...checkout} /> : null}
    </>
  );
}
