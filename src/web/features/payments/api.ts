import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CheckoutSuccess, type PaymentOrder, paymentsEndpoints } from '../../../contracts/payments';
import { ApiError } from '../../lib/api-client';
import { profileQuery } from '../../lib/account-api';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint, callEndpointWithHeaders } from '../../lib/call-endpoint';

export const getMyPayments = () => callEndpoint(paymentsEndpoints.myPayments);
export const myPaymentsQuery = () => queryOptions({ queryKey: ['my-payments'], queryFn: getMyPayments });

/** A payment changes the student's status and their payments: both are read again. */
export const refreshPaymentViews = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: profileQuery().queryKey }),
    client.invalidateQueries({ queryKey: myPaymentsQuery().queryKey }),
  ]);

/** The original client's call: the body carries what it sent; the server charges its own fee regardless. */
const createPaymentOrder = (
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

const verifyPayment = (response: CheckoutSuccess) =>
  callEndpoint(paymentsEndpoints.updatePaymentStatus, {
    body: {
      order_id: response.razorpay_order_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    },
  });

type Payer = Parameters<typeof createPaymentOrder>[0];

/**
 * Pay Now: an order for the fee, then `open` shows the gateway's checkout (Razorpay's window, or the test gateway's
 * dialog); busy until it is open. A 409 (already paid, or the fee changed) means the page is out of date: read again.
 */
export function useStartPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      student,
      amount,
      open,
    }: {
      student: Payer;
      amount: number;
      open: (order: PaymentOrder) => Promise<void>;
    }) => {
      const order = await createPaymentOrder(student, amount);
      await open(order);
      return order;
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refreshPaymentViews(client);
    },
  });
}

/** The gateway's signed success, checked by the server; the status and payments are read again either way. */
export function useVerifyPayment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: verifyPayment, onSettled: () => refreshPaymentViews(client) });
}

/** The built-in test gateway's checkout: the tester's choice, signed by the server as Razorpay would. */
export const usePayOnTestGateway = () =>
  useMutation({
    mutationFn: ({ orderId, outcome }: { orderId: string; outcome: 'success' | 'failure' }) =>
      callEndpoint(paymentsEndpoints.testCheckout, { body: { order_id: orderId, outcome } }),
  });

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

/** Mark a refund due as done at the gateway; the answer is the list as it now stands. */
export function useMarkRefunded() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(paymentsEndpoints.markRefunded, { params: { id } }),
    onSuccess: (list) => client.setQueryData(refundsDueQuery().queryKey, list),
  });
}
