import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { formatDateTime } from '../../../contracts/dates';
import { formatAmount, receiptsEndpoints } from '../../../contracts/payments';

import { useTimeZone } from '../../lib/site-info';
import { ReceiptButton } from './receipt-button';
import { ScrollRegion } from '../../components/scroll-region';
import { adminPaymentsQuery, refundsDueQuery, useMarkRefunded } from './api';
import { AdminPanel, Pager, PanelError } from '../../components/admin-panel';
import { endpointUrl } from '../../../contracts/endpoint';

const PER_PAGE = 50;
const viaLabels = {
  checkout: 'Checkout',
  webhook: 'Webhook',
  reconciliation: 'Reconciliation',
  manual: 'Manual (admin)',
} as const;
const statusClasses = { captured: 'text-bg-success', failed: 'text-bg-danger', created: 'text-bg-secondary' } as const;
const statusLabels = { captured: 'captured', failed: 'failed', created: 'not paid' } as const;

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

/** Every payment: online ones with their Razorpay ids, and the admin's manual Update Payment Status. */
export function PaymentsPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery({
    ...adminPaymentsQuery(page, PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <AdminPanel title="Payments" onExit={onExit}>
      <RefundsDue />
      <p className="text-body-secondary">Newest first. “Via” says how the payment was confirmed.</p>
      <PanelError error={error} />
      {isPending ? <PageSpinner /> : null}
      {data && data.payments.length === 0 ? <p>No payment yet.</p> : null}
      {data && data.payments.length > 0 ? (
        <>
          <ScrollRegion label="Payment records">
            <table className="table table-sm table-striped align-middle">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Student</th>
                  <th scope="col">Order ID</th>
                  <th scope="col">Payment ID</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Via</th>
                  <th scope="col">Receipt</th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((p) => (
                  <tr key={p.id}>
                    <td className="text-nowrap">{formatDateTime(p.paid_at ?? p.created_at, zone)}</td>
                    <td>
                      {p.first_name ? (
                        `${p.first_name} ${p.last_name ?? ''}`
                      ) : (
                        <span className="text-body-secondary">(deleted)</span>
                      )}
                      <div className="small text-body-secondary text-nowrap">{p.student_email}</div>
                    </td>
                    <td className="text-nowrap">{p.paid_via === 'manual' ? '—' : p.order_id}</td>
                    <td className="text-nowrap">{p.payment_id ?? '—'}</td>
                    <td className="text-nowrap">{formatAmount(p.amount, p.currency)}</td>
                    <td>
                      <span className={`badge ${statusClasses[p.status]}`}>{statusLabels[p.status]}</span>
                      {p.status === 'failed' && p.failure_reason ? (
                        <div className="small text-body-secondary">{p.failure_reason}</div>
                      ) : null}
                    </td>
                    <td>{p.paid_via ? viaLabels[p.paid_via] : '—'}</td>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager label="Payments pages" page={page} pages={pages} total={data.total} noun="payment" onPage={setPage} />
        </>
      ) : null}
    </AdminPanel>
  );
}
