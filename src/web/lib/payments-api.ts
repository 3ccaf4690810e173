import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminPaymentSchema,
  type CheckoutSuccess,
  checkoutFailureSchema,
  checkoutSuccessSchema,
  myPaymentsSchema,
  paymentOrderSchema,
  paymentVerifiedSchema,
  refundDueListSchema,
} from '../../contracts/payments';
import { apiFetch, apiRequest } from './api-client';
import { adminKey } from './query-keys';

export const getMyPayments = () => apiFetch('/api/v1/payments', myPaymentsSchema, { auth: true });
export const myPaymentsQuery = () => queryOptions({ queryKey: ['my-payments'], queryFn: getMyPayments });

/** The original client's call: the body carries what it sent; the server charges its own fee regardless. */
export const createPaymentOrder = (
  student: { email: string; first_name: string; last_name: string; mobile: string | null },
  amount: number,
) =>
  apiFetch('/api/v1/payments', paymentOrderSchema, {
    method: 'POST',
    auth: true,
    body: {
      amount,
      email: student.email,
      name: `${student.first_name} ${student.last_name}`.trim(),
      mobile: student.mobile ?? '',
    },
  });

export const verifyPayment = (response: CheckoutSuccess) =>
  apiFetch('/api/v1/payments/update_payment_status', paymentVerifiedSchema, {
    method: 'POST',
    auth: true,
    body: {
      order_id: response.razorpay_order_id,
      razorpay_payment_id: response.razorpay_payment_id,
      razorpay_signature: response.razorpay_signature,
    },
  });

export const payOnTestGateway = (orderId: string, outcome: 'success' | 'failure') =>
  apiFetch('/api/v1/payments/test_checkout', z.union([checkoutSuccessSchema, checkoutFailureSchema]), {
    method: 'POST',
    auth: true,
    body: { order_id: orderId, outcome },
  });

export async function listAllPayments(page: number, perPage: number) {
  const { data, headers } = await apiRequest(
    `/api/v1/admin/payments?page=${page}&per_page=${perPage}`,
    z.array(adminPaymentSchema),
    { auth: true },
  );
  return { payments: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const adminPaymentsQuery = (page: number, perPage: number) =>
  queryOptions({ queryKey: [...adminKey, 'payments', page, perPage], queryFn: () => listAllPayments(page, perPage) });

export const refundsDueQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'refunds'],
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/refunds', refundDueListSchema, { auth: true, signal }),
  });

export const markRefunded = (id: number) =>
  apiFetch(`/api/v1/admin/refunds/${id}/refunded`, refundDueListSchema, { method: 'POST', auth: true });
