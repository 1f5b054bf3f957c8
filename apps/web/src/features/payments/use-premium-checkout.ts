import { type CheckoutSuccess, type CreateOrderResponse, publicUser, type VerifyPaymentResponse } from "@koc/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useAlerts } from "../../components/alerts";
import { ApiError, api } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/session";
import { createOrder } from "./api/create-order";
import { paymentHistoryKey } from "./api/get-payment-history";
import { verifyPayment } from "./api/verify-payment";
import { openRazorpayCheckout } from "./razorpay-checkout";

export const LOGIN_TO_PAY = "Please login or register to make a payment";
export const PAYMENT_FAILED = "Payment failed. Please try again.";
export const VERIFICATION_FAILED = "Payment completed but verification failed. Contact support.";

/**
 * The one premium purchase flow, used by the courses page's payment modal and the dashboard's upgrade
 * modal: create-order, then Razorpay's checkout or our test checkout, then verify-payment, then the
 * cached user is refreshed from /api/auth/me so every screen shows premium without a reload.
 */
export function usePremiumCheckout({ courseTitle, onClose }: { courseTitle: string; onClose: () => void }) {
  const { user, setUser } = useSession();
  const { notify } = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState(false);
  const [testOrder, setTestOrder] = useState<CreateOrderResponse | null>(null);
  const [receipt, setReceipt] = useState<VerifyPaymentResponse | null>(null);

  const refreshUser = useCallback(async () => {
    try {
      setUser(await api("/auth/me", { schema: publicUser }));
    } catch {
      // The next start refreshes it from the server.
    }
  }, [setUser]);

  const failed = useCallback(() => {
    notify(PAYMENT_FAILED, "error");
    setProcessing(false);
  }, [notify]);

  const dismissed = useCallback(() => {
    setTestOrder(null);
    setProcessing(false);
  }, []);

  const paid = useCallback(
    async (result: CheckoutSuccess | null) => {
      setTestOrder(null);
      let verified: VerifyPaymentResponse;
      try {
        if (!result) throw new Error("the checkout returned no signed result");
        verified = await verifyPayment(result);
      } catch {
        notify(VERIFICATION_FAILED, "error");
        setProcessing(false);
        return;
      }
      setReceipt(verified);
      setProcessing(false);
      notify(`Payment Successful! Order ID: ${verified.orderId}, Invoice ID: ${verified.invoiceId}`, "success");
      void queryClient.invalidateQueries({ queryKey: paymentHistoryKey });
      // Premium comes from the server: refresh the cached user so the header, courses and dashboard switch.
      await refreshUser();
    },
    [notify, queryClient, refreshUser],
  );

  const pay = useCallback(async () => {
    if (!user) {
      notify(LOGIN_TO_PAY, "error");
      onClose();
      navigate(paths.login);
      return;
    }
    setProcessing(true);
    let order: CreateOrderResponse;
    try {
      order = await createOrder({ courseTitle, customerEmail: user.email, customerName: user.name });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // Already premium (paid in another tab, or granted): say so, and let every screen catch up.
        notify(err.message, "info");
        setProcessing(false);
        onClose();
        await refreshUser();
        return;
      }
      if (err instanceof ApiError && err.status === 503) {
        // No Razorpay keys and no test checkout here (a server reachable by others): say so plainly.
        notify(err.message, "error");
        setProcessing(false);
        return;
      }
      failed();
      return;
    }
    if (order.mode === "test") {
      setTestOrder(order);
      return;
    }
    try {
      await openRazorpayCheckout(order, user, `Lifetime Premium (${courseTitle})`, {
        onSuccess: (result) => void paid(result),
        onDismiss: dismissed,
        onFailed: () => notify(PAYMENT_FAILED, "error"),
      });
    } catch {
      failed();
    }
  }, [user, notify, onClose, navigate, courseTitle, failed, paid, dismissed, refreshUser]);

  return {
    pay,
    processing,
    receipt,
    /** The open test checkout, with what its three buttons do. */
    testCheckout: testOrder
      ? {
          order: testOrder,
          onPaid: (r: CheckoutSuccess) => void paid(r),
          onFailed: () => {
            setTestOrder(null);
            failed();
          },
          onDismiss: dismissed,
        }
      : null,
  };
}
