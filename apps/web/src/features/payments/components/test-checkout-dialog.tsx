import { type CheckoutSuccess, type CreateOrderResponse, formatAmount } from "@koc/shared";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { failTestOrder, payTestOrder } from "../api/test-checkout";

interface TestCheckoutDialogProps {
  order: CreateOrderResponse;
  onPaid: (result: CheckoutSuccess) => void;
  onFailed: () => void;
  /** Close or Escape: like Razorpay's dismiss, nothing is paid and nothing is said. */
  onDismiss: () => void;
}

/**
 * The checkout of a server without Razorpay keys: it behaves like Razorpay's (pay, fail, dismiss) and
 * says plainly that no money moves.
 */
export function TestCheckoutDialog({ order, onPaid, onFailed, onDismiss }: TestCheckoutDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      onFailed();
    }
  };
  return (
    <Modal title="Test payment" onClose={onDismiss} className="test-checkout">
      <p className="test-checkout-note">
        <FlaskConical aria-hidden="true" size={18} /> This is a test checkout: no money moves and no card is needed. The
        server takes real payments once Razorpay keys are configured.
      </p>
      <dl className="test-checkout-facts">
        <dt>Item</dt>
        <dd>Kingdom of Code Lifetime Premium</dd>
        <dt>Amount</dt>
        <dd>{formatAmount(order.amount, order.currency)}</dd>
        <dt>Order</dt>
        <dd className="test-checkout-id">{order.id}</dd>
      </dl>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onDismiss} disabled={busy}>
          Close
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await failTestOrder(order.id);
              onFailed();
            })
          }
        >
          Make payment fail
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(async () => onPaid(await payTestOrder(order.id)))}
        >
          {busy ? "Processing..." : `Pay ${formatAmount(order.amount, order.currency)}`}
        </button>
      </div>
    </Modal>
  );
}
