import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { certificatePagePath } from '../../../contracts/certificates';
import { systemClock } from '../../../contracts/clock';
import { courseWallClock } from '../../../contracts/dates';
import type { StudentData } from '../../../contracts/accounts';
import { formatRupees, STUDENT_STATUS } from '../../../contracts/course';
import { type ManualPaymentMethod, manualPaymentMethodLabels, manualPaymentMethods } from '../../../contracts/payments';
import { useConfirm } from '../../components/confirm-dialog';
import { useSiteInfo, useTimeZone } from '../../lib/site-info';
import { completionCheckQuery, type ManualPayment, useDeleteStudent, useMarkCompleted, useMarkPaid } from './api';
import { CompletionFacts } from './completion-facts';
import { EmailText } from '../../components/email-text';

const fullName = (student: StudentData) => `${student.first_name} ${student.last_name}`;

/** Delete, after the confirmation every destructive action asks for. */
export function DeleteStudentButton({ student }: { student: StudentData }) {
  const mutation = useDeleteStudent();
  const { confirm, dialog } = useConfirm();
  const onClick = () =>
    void confirm({
      title: `Delete ${fullName(student)}?`,
      message: (
        <p className="mb-0">
          This removes the account of {fullName(student)} (<EmailText email={student.email} />) and its personal data.
          Payment records are kept. This cannot be undone.
        </p>
      ),
      confirmLabel: 'Delete student',
      action: () => mutation.mutateAsync(student.id),
    });
  return (
    <>
      <button type="button" className="btn btn-sm btn-danger" onClick={onClick} disabled={mutation.isPending}>
        Delete<span className="visually-hidden"> {fullName(student)}</span>
      </button>
      {dialog}
    </>
  );
}

/** The fields of the Paid dialog: what was received, and how. */
function ReceivedFields({ feeRupees, onChange }: { feeRupees: number; onChange: (payment: ManualPayment) => void }) {
  const id = useId();
  const [amount, setAmount] = useState(String(feeRupees));
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  // An emptied amount is no amount (the server says so), never a payment of Rs.0.
  const report = (nextAmount: string, nextMethod: ManualPaymentMethod) =>
    onChange({ amount_rupees: nextAmount.trim() === '' ? Number.NaN : Number(nextAmount), method: nextMethod });
  return (
    <div className="row g-2 mt-1">
      <div className="col-sm-6">
        <label className="form-label" htmlFor={`${id}-amount`}>
          Amount received (Rs.)
        </label>
        <input
          id={`${id}-amount`}
          className="form-control"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            report(event.target.value, method);
          }}
        />
      </div>
      <div className="col-sm-6">
        <label className="form-label" htmlFor={`${id}-method`}>
          Received by
        </label>
        <select
          id={`${id}-method`}
          className="form-select"
          value={method}
          onChange={(event) => {
            const chosen = event.target.value as ManualPaymentMethod;
            setMethod(chosen);
            report(amount, chosen);
          }}
        >
          {manualPaymentMethods.map((value) => (
            <option key={value} value={value}>
              {manualPaymentMethodLabels[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** What the teacher is told once a mark is done: what it recorded, and what the student was sent. */
export type StatusReport = (message: ReactNode) => void;

/**
 * Update Payment Status sets an unpaid student's student_status to 1 (paid); Update Course Completion sets a paid
 * student's to 2 (completed). Every student stays listed with their status; the Update button is there only where
 * the change applies, and its name says what it does ("Update Asha Nair to paid"). Each asks first: a Paid mark
 * records money (the amount and how it came, on the receipt the student is mailed), a completion issues and mails
 * a certificate (the dialog shows the student's attendance and the classes still to come). Once done, `onDone` is
 * told what happened: the receipt's number, or the certificate's code.
 */
export function UpdateStatusButton({
  student,
  to,
  onDone,
}: {
  student: StudentData;
  to: 1 | 2;
  onDone?: StatusReport;
}) {
  const from = to === STUDENT_STATUS.paid ? STUDENT_STATUS.unpaid : STUDENT_STATUS.paid;
  const paid = useMarkPaid();
  const completed = useMarkCompleted();
  const mutation = to === STUDENT_STATUS.paid ? paid : completed;
  const client = useQueryClient();
  const zone = useTimeZone();
  const [checking, setChecking] = useState(false);
  const { confirm, dialog } = useConfirm();
  const feeRupees = Math.round(useSiteInfo().courseFeePaise / 100);
  const received = useRef<ManualPayment>({ amount_rupees: feeRupees, method: 'cash' });
  if (student.student_status !== from) {
    return (
      <span className="text-body-secondary">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Nothing to update</span>
      </span>
    );
  }
  const name = fullName(student);
  const askPaid = () => {
    received.current = { amount_rupees: feeRupees, method: 'cash' };
    void confirm({
      title: `Record a payment from ${name}?`,
      message: (
        <>
          <p className="mb-1">{name} becomes Paid. The payment is recorded and the student is emailed a receipt.</p>
          <ReceivedFields feeRupees={feeRupees} onChange={(payment) => (received.current = payment)} />
        </>
      ),
      confirmLabel: 'Record the payment',
      danger: false,
      action: async () => {
        const payment = received.current;
        const { meta } = await paid.mutateAsync({ id: student.id, payment });
        onDone?.(
          `Payment recorded: ${formatRupees(payment.amount_rupees)} from ${name} by ` +
            `${manualPaymentMethodLabels[payment.method]}. ` +
            (meta.receipt_number ? `Receipt ${meta.receipt_number} was emailed to ${student.email}.` : ''),
        );
      },
    });
  };
  const askCompleted = async () => {
    setChecking(true);
    // The facts are read first, so the dialog opens with them (a failure to read them still lets the teacher go on).
    const check = await client.fetchQuery(completionCheckQuery(student.id)).then(
      (data) => ({ data, error: null }),
      (error: unknown) => ({ data: null, error }),
    );
    setChecking(false);
    const today = courseWallClock(systemClock(), zone)?.date ?? '';
    const early = (check.data?.classes_left ?? 0) > 0;
    void confirm({
      title: early ? `Mark ${name} as completed before the batch ends?` : `Mark ${name} as completed?`,
      message: (
        <>
          <p className="mb-2">
            This issues a certificate of completion and emails it to {name} (<EmailText email={student.email} />
            ).
          </p>
          <CompletionFacts check={check.data} error={check.error} name={name} zone={zone} today={today} />
        </>
      ),
      confirmLabel: early ? 'Mark as completed now' : 'Mark as completed',
      danger: false,
      action: async () => {
        const { meta } = await completed.mutateAsync(student.id);
        const code = meta.certificate_code;
        onDone?.(
          code ? (
            <>
              {name} is marked completed. Certificate <strong>{code}</strong> was issued and emailed to {student.email};
              anyone can check it at <a href={certificatePagePath(code)}>{certificatePagePath(code)}</a>.
            </>
          ) : (
            `${name} is marked completed.`
          ),
        );
      },
    });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={mutation.isPending || checking}
        onClick={() => (to === STUDENT_STATUS.paid ? askPaid() : void askCompleted())}
      >
        Update
        <span className="visually-hidden">
          {' '}
          {name} {to === STUDENT_STATUS.paid ? 'to paid' : 'to completed'}
        </span>
      </button>
      {dialog}
    </>
  );
}
