import { useQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Modal } from "../../../components/modal";
import { paymentModeQuery } from "../api/get-payment-mode";
import { usePremiumCheckout } from "../use-premium-checkout";
import { InvoiceLink } from "./invoice-link";
import { TestCheckoutDialog } from "./test-checkout-dialog";
import "../payments.css";

interface CheckoutModalProps {
  title: string;
  courseTitle: string;
  onClose: () => void;
  className?: string;
  /** The offer itself; it gets the pay action and whether a payment is under way. */
  children: (checkout: { pay: () => void; processing: boolean }) => ReactNode;
}

/**
 * A purchase modal: the offer, then (one dialog at a time, as Razorpay's overlay replaces the page)
 * the test checkout when the server has no Razorpay keys, then the receipt with its invoice link.
 */
export function CheckoutModal({ title, courseTitle, onClose, className, children }: CheckoutModalProps) {
  const checkout = usePremiumCheckout({ courseTitle, onClose });
  if (checkout.testCheckout) return <TestCheckoutDialog {...checkout.testCheckout} />;
  if (checkout.receipt) {
    const { orderId, invoiceId, invoiceUrl } = checkout.receipt;
    return (
      <Modal title="Payment Successful!" onClose={onClose} className="payment-receipt">
        <p className="receipt-lead">
          <Crown aria-hidden="true" size={20} /> Welcome to the royal order: lifetime premium is yours.
        </p>
        <dl className="receipt-facts">
          <dt>Order ID</dt>
          <dd>{orderId}</dd>
          <dt>Invoice ID</dt>
          <dd>{invoiceId}</dd>
        </dl>
        <p>
          <InvoiceLink invoiceUrl={invoiceUrl} invoiceId={invoiceId} />
        </p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={title} onClose={onClose} {...(className ? { className } : {})}>
      {children({ pay: () => void checkout.pay(), processing: checkout.processing })}
    </Modal>
  );
}

interface CheckoutActionsProps {
  className: string;
  pay: () => void;
  processing: boolean;
  onClose: () => void;
}

export const PAYMENTS_NOT_CONFIGURED =
  "Payments are not configured on this server: the royal treasury cannot take your ₹100 here yet.";

/**
 * Close and "Pay ₹100", the same in the courses page's payment modal and the dashboard's upgrade modal.
 * A server that takes no payments (no Razorpay keys, test checkout off) is said up front, with Pay
 * disabled; while the mode is loading or unknown, Pay stays and the flow reports what the server says.
 */
export function CheckoutActions({ className, pay, processing, onClose }: CheckoutActionsProps) {
  const off = useQuery(paymentModeQuery()).data?.mode === "off";
  return (
    <>
      {off && (
        <p className="payments-off" role="status">
          {PAYMENTS_NOT_CONFIGURED}
        </p>
      )}
      <div className={className}>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn" onClick={pay} disabled={processing || off}>
          {processing ? "Processing..." : "Pay ₹100"}
        </button>
      </div>
    </>
  );
}
