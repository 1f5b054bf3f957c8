import { Shield } from "lucide-react";
import { CheckoutActions, CheckoutModal } from "./checkout-modal";

interface PaymentModalProps {
  courseTitle: string;
  onClose: () => void;
}

/**
 * Offers the lifetime premium purchase. A visitor is sent to /login; a learner goes through
 * create-order, the checkout and verify-payment (the shared flow in features/payments).
 */
export function PaymentModal({ courseTitle, onClose }: PaymentModalProps) {
  return (
    <CheckoutModal title="Unlock Premium" courseTitle={courseTitle} onClose={onClose}>
      {({ pay, processing }) => (
        <>
          <div className="payment-offer">
            <Shield aria-hidden="true" size={40} className="payment-shield" />
            <p className="payment-deal">24-hour flash deal: lifetime premium for</p>
            <p className="payment-price">
              <span className="price-now">₹100</span> <s className="price-was">₹9,999</s>{" "}
              <span className="badge badge-premium">99% OFF</span>
            </p>
            <p>One-time payment, lifetime access to every premium course, including {courseTitle}.</p>
          </div>
          <CheckoutActions className="modal-actions" pay={pay} processing={processing} onClose={onClose} />
        </>
      )}
    </CheckoutModal>
  );
}
