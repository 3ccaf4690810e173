import type { StudentData } from '../../../../contracts/accounts';
import { OFFER_PRICE_RUPEES, STUDENT_STATUS, formatRupees } from '../../../../contracts/course';
import { StatusBadge } from '../status-badge';

/** My Payment: the status, and the Pay Now button that the Payments issue connects to Razorpay. */
export function MyPayment({ student }: { student: StudentData }) {
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  return (
    <>
      <h2 className="h4">My Payment</h2>
      <p>
        Status: <StatusBadge status={student.student_status} />
      </p>
      <p>Course fee: {formatRupees(OFFER_PRICE_RUPEES)} (introductory offer).</p>
      {paid ? (
        <button type="button" className="btn btn-success" disabled>
          Pay Now
        </button>
      ) : (
        <>
          <button type="button" className="btn btn-primary" disabled aria-describedby="pay-note">
            Pay Now
          </button>
          <p id="pay-note" className="text-body-secondary mt-2">
            Online payment opens soon. Until then your teacher marks your payment as received.
          </p>
        </>
      )}
    </>
  );
}
