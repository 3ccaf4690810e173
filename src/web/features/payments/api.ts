import { queryOptions } from '@tanstack/react-query';
import { type CheckoutSuccess, paymentsEndpoints } from '../../../contracts/payments';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint, callEndpointWithHeaders } from '../../lib/call-endpoint';

export const getMyPayments = () => callEndpoint(paymentsEndpoints.myPayments);
export const myPaymentsQuery = () => queryOptions({ queryKey: ['my-payments'], queryFn: getMyPayments });

/** The original client's call: the body carries what it sent; the server charges its own fee regardless. */
export const createPaymentOrder = (
  student: { email: string; first_name: string; last_name: string; mobile: string | null },
  amount: number,
) =>
  callEndpoint(paymentsEndpoints.createOrder, {
    body: {
      amount,
      email: student.email,
      name: `${student.first_name} ${student.last_name}`.trim(),
      mobile: student.mobile ?? '',
    },
  });

export const verifyPayment = (response: CheckoutSuccess) =>
  callEndpoint(paymentsEndpoints.updatePaymentStatus, {
    body: {
      order_id: response.razorpay_order_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    },
  });

export const payOnTestGateway = (orderId: string, outcome: 'success' | 'failure') =>
  callEndpoint(paymentsEndpoints.testCheckout, { body: { order_id: orderId, outcome } });

export async function listAllPayments(page: number, perPage: number) {
  const { data, headers } = await callEndpointWithHeaders(paymentsEndpoints.allPayments, {
    query: { page, per_page: perPage },
  });
  return { payments: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const adminPaymentsQuery = (page: number, perPage: number) =>
  queryOptions({ queryKey: [...adminKey, 'payments', page, perPage], queryFn: () => listAllPayments(page, perPage) });

export const refundsDueQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'refunds'],
    queryFn: ({ signal }) => callEndpoint(paymentsEndpoints.refundsDue, { signal }),
  });

export const markRefunded = (id: number) => callEndpoint(paymentsEndpoints.markRefunded, { params: { id } });
