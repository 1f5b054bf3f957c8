import { type CheckoutSuccess, type CreateOrderResponse, checkoutSuccess } from "@koc/shared";

const SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";
/** The colour Razorpay's checkout is themed with. */
const THEME_COLOR = "#667eea";

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/** Razorpay's checkout.js, loaded only when the server takes real payments (the CSP allows it then). */
function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const ctor = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("Razorpay checkout did not load"));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Razorpay checkout could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

export interface RazorpayHandlers {
  onSuccess: (result: CheckoutSuccess | null) => void;
  onDismiss: () => void;
  onFailed: () => void;
}

/** Opens Razorpay's checkout with its options (key, order, amount, prefill, theme, handler, ondismiss). */
export async function openRazorpayCheckout(
  order: CreateOrderResponse,
  customer: { name: string; email: string; phone?: string | null | undefined },
  description: string,
  handlers: RazorpayHandlers,
): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    key: order.keyId,
    order_id: order.id,
    amount: order.amount,
    currency: order.currency,
    name: "Kingdom of Code",
    description,
    prefill: { name: customer.name, email: customer.email, contact: customer.phone ?? "" },
    theme: { color: THEME_COLOR },
    handler: (response: unknown) => {
      const parsed = checkoutSuccess.safeParse(response);
      handlers.onSuccess(parsed.success ? parsed.data : null);
    },
    modal: { ondismiss: handlers.onDismiss },
  });
  checkout.on("payment.failed", handlers.onFailed);
  checkout.open();
}
