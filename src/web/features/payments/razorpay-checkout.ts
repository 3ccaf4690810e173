/** Razorpay Checkout in the browser: its script is loaded from Razorpay only when the site has live keys. */
import type { CheckoutFailure, CheckoutSuccess, PaymentOrder } from '../../../contracts/payments';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: CheckoutFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
let loading: Promise<void> | undefined;

function loadScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('checkout script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface CheckoutCallbacks {
  onSuccess(response: CheckoutSuccess): void;
  /** A payment attempt failed; Checkout stays open so the student can try another way. */
  onFailure(reason: string): void;
  onDismiss(): void;
}

export async function openRazorpayCheckout(order: PaymentOrder, callbacks: CheckoutCallbacks): Promise<void> {
  await loadScript();
  if (!window.Razorpay) throw new Error('checkout script did not define Razorpay');
  const checkout = new window.Razorpay({
    key: order.key,
    amount: order.amount,
    currency: order.currency,
    name: order.name,
    description: order.description,
    order_id: order.order_id,
    prefill: order.prefill,
    theme: { color: '#0b5ed7' },
    handler: callbacks.onSuccess,
    modal: { ondismiss: callbacks.onDismiss, confirm_close: true },
  });
  checkout.on('payment.failed', (response) => callbacks.onFailure(response.error.description));
  checkout.open();
}
