import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { formatDateTime } from '../../../contracts/dates';
import {
  failedAttemptText,
  formatAmount,
  paymentsEndpoints,
  paymentStatusLabels,
  paymentViaLabel,
  receiptsEndpoints,
} from '../../../contracts/payments';
import { downloadFile } from '../../lib/download';
import { EmailText } from '../../components/email-text';

import { useTimeZone } from '../../lib/site-info';
import { ReceiptButton } from './receipt-button';
import { ScrollRegion } from '../../components/scroll-region';
import { adminPaymentsQuery, refundsDueQuery, useMarkRefunded } from './api';
import { AdminPanel, Pager, PanelError } from '../../components/admin-panel';
import { endpointUrl } from '../../../contracts/endpoint';

const PER_PAGE = 50;
const statusClasses = { captured: 'text-bg-success', failed: 'text-bg-danger', created: 'text-bg-secondary' } as const;

/**
 * Payments received and not taken as a fee (for an order replaced when the fee changed, or a second one): the teacher
 * refunds each at the gateway, then marks it refunded here. Nothing shows while there are none.
 */
function RefundsDue() {
  const zone = useTimeZone();
  const { data, error } = useQuery(refundsDueQuery());
  const mutation = useMarkRefunded();

  if (!data?.length && !error) return null;
  const open = data?.filter((r) => r.refunded_at === null).length ?? 0;
  return (
    <section className="mb-4" aria-labelledby="refunds-due-title">
      <h3 id="refunds-due-title" className="h5">
        Refunds due {open > 0 ? <span className="badge text-bg-danger">{open}</span> : null}
      </h3>
      <p className="small text-body-secondary">
        Money that arrived but was not taken as a fee. Refund each in the payment gateway&apos;s dashboard, then mark it
        refunded.
      </p>
      <PanelError error={error ?? mutation.error} />
      <ul className="list-group">
        {data?.map((refund) => (
          <li key={refund.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
            <div>
              <div className="fw-semibold">
                {formatAmount(refund.amount, refund.currency)} · {refund.payment_id}
              </div>
              <div className="small text-break">
                {refund.student_email} · order {refund.order_id} · {formatDateTime(refund.created_at, zone)}
              </div>
              <div className="small">{refund.reason}</div>
            </div>
            {refund.refunded_at ? (
              <span className="badge text-bg-success align-self-center">
                refunded {formatDateTime(refund.refunded_at, zone)}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary align-self-center"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate(refund.id)}
              >
                Mark refunded<span className="visually-hidden"> {refund.payment_id}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every payment: online ones with their Razorpay ids, failed attempts, and the fees the teacher recorded (Update
 * Payment Status), in plain words. The receipt comes before the gateway's long ids, so it shows at 1280 px without
 * scrolling sideways; the whole list downloads as CSV.
 */
export function PaymentsPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const [csvError, setCsvError] = useState<unknown>(null);
  const { data, isPending, error } = useQuery({
    ...adminPaymentsQuery(page, PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const downloadCsv = () => {
    setCsvError(null);
    downloadFile(paymentsEndpoints.allPaymentsCsv.path, 'payments.csv').catch(setCsvError);
  };
  return (
    <AdminPanel title="Payments" onExit={onExit}>
      <RefundsDue />
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <p className="text-body-secondary mb-0">
          Newest first, failed attempts too. “How” says how the fee came: online, or as you recorded it.
        </p>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={downloadCsv}>
          Download CSV
        </button>
      </div>
      <PanelError error={error ?? csvError} />
      {isPending ? <PageSpinner /> : null}
      {data && data.payments.length === 0 ? <p>No payment yet.</p> : null}
      {data && data.payments.length > 0 ? (
        <>
          <ScrollRegion label="Payment records">
            <table className="table table-sm table-striped align-middle payments-table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Student</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">How</th>
                  <th scope="col">Receipt</th>
                  <th scope="col" className="text-nowrap">
                    Order / payment ID
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((p) => {
                  const attempt = failedAttemptText(p);
                  return (
                    <tr key={p.id}>
                      <td className="when">{formatDateTime(p.paid_at ?? p.created_at, zone)}</td>
                      <td>
                        {p.first_name ? (
                          `${p.first_name} ${p.last_name ?? ''}`
                        ) : (
                          <span className="text-body-secondary">(deleted)</span>
                        )}
                        <div className="small text-body-secondary">
                          <EmailText email={p.student_email} />
                        </div>
                      </td>
                      <td className="text-nowrap">{formatAmount(p.amount, p.currency)}</td>
                      <td className="state">
                        <span className={`badge ${statusClasses[p.status]}`}>{paymentStatusLabels[p.status]}</span>
                        {attempt ? <div className="small text-body-secondary">{attempt}</div> : null}
                      </td>
                      <td>{paymentViaLabel(p)}</td>
                      <td>
                        {p.status === 'captured' && p.receipt_number ? (
                          <ReceiptButton
                            path={endpointUrl(receiptsEndpoints.adminReceipt, { id: p.id })}
                            receiptNumber={p.receipt_number}
                          />
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="small text-break">
                        {p.paid_via === 'manual' ? (
                          '—'
                        ) : (
                          <>
                            {p.order_id}
                            {p.payment_id ? <div>{p.payment_id}</div> : null}
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager label="Payments pages" page={page} pages={pages} total={data.total} noun="payment" onPage={setPage} />
        </>
      ) : null}
    </AdminPanel>
  );
}
