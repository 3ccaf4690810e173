import { useId, useRef, useState } from 'react';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { type ManualPaymentMethod, manualPaymentMethodLabels, manualPaymentMethods } from '../../../contracts/payments';
import { useConfirm } from '../../components/confirm-dialog';
import { useSiteInfo } from '../../lib/site-info';
import { type ManualPayment, useDeleteStudent, useMarkCompleted, useMarkPaid } from './api';
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

/**
 * Update Payment Status sets an unpaid student's student_status to 1 (paid); Update Course Completion sets a paid
 * student's to 2 (completed). Every student stays listed with their status; the Update button is there only where
 * the change applies, and its name says what it does ("Update Asha Nair to paid"). Each asks first: a Paid mark
 * records money (the amount and how it came, on the receipt the student is mailed), a completion issues and mails
 * a certificate.
 */
export function UpdateStatusButton({ student, to }: { student: StudentData; to: 1 | 2 }) {
  const from = to === STUDENT_STATUS.paid ? STUDENT_STATUS.unpaid : STUDENT_STATUS.paid;
  const paid = useMarkPaid();
  const completed = useMarkCompleted();
  const mutation = to === STUDENT_STATUS.paid ? paid : completed;
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
  const onClick = () => {
    received.current = { amount_rupees: feeRupees, method: 'cash' };
    void confirm(
      to === STUDENT_STATUS.paid
        ? {
            title: `Record a payment from ${fullName(student)}?`,
            message: (
              <>
                <p className="mb-1">
                  {fullName(student)} becomes Paid. The payment is recorded and the student is emailed a receipt.
                </p>
                <ReceivedFields feeRupees={feeRupees} onChange={(payment) => (received.current = payment)} />
              </>
            ),
            confirmLabel: 'Record the payment',
            danger: false,
            action: () => paid.mutateAsync({ id: student.id, payment: received.current }),
          }
        : {
            title: `Mark ${fullName(student)} as completed?`,
            message: (
              <p className="mb-0">
                This issues a certificate of completion and emails it to {fullName(student)} (
                <EmailText email={student.email} />
                ).
              </p>
            ),
            confirmLabel: 'Mark as completed',
            danger: false,
            action: () => completed.mutateAsync(student.id),
          },
    );
  };
  return (
    <>
      <button type="button" className="btn btn-sm btn-primary" disabled={mutation.isPending} onClick={onClick}>
        Update
        <span className="visually-hidden">
          {' '}
          {fullName(student)} {to === STUDENT_STATUS.paid ? 'to paid' : 'to completed'}
        </span>
      </button>
      {dialog}
    </>
  );
}
