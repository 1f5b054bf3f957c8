import { Shield } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAlerts } from "../../../components/alerts";
import { Modal } from "../../../components/modal";
import { api } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useSession } from "../../../lib/session";

/** Order creation per spec section 9: 10000 minor units, INR, courseId premium_course. */
export const PREMIUM_ORDER = { amount: 10000, currency: "INR", courseId: "premium_course" } as const;

interface PaymentModalProps {
  courseTitle: string;
  onClose: () => void;
}

/**
 * Offers the lifetime premium purchase. A visitor who is not logged in is sent to /login; a
 * logged-in learner gets an order from the server, whose checkout and verification belong to the
 * payments module (premium is only ever granted by the server after a verified payment).
 */
export function PaymentModal({ courseTitle, onClose }: PaymentModalProps) {
  const { user } = useSession();
  const { notify } = useAlerts();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);

  const pay = async () => {
    if (!user) {
      notify("Please login or register to make a payment", "error");
      onClose();
      navigate(paths.login);
      return;
    }
    setProcessing(true);
    try {
      await api("/payment/create-order", {
        method: "POST",
        body: { ...PREMIUM_ORDER, courseTitle, customerEmail: user.email, customerName: user.name },
      });
      notify("Payment failed. Please try again.", "error");
    } catch {
      notify("Payment failed. Please try again.", "error");
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Modal title="Unlock Premium" onClose={onClose}>
      <div className="payment-offer">
        <Shield aria-hidden="true" size={40} className="payment-shield" />
        <p className="payment-deal">24-hour flash deal: lifetime premium for</p>
        <p className="payment-price">
          <span className="price-now">₹100</span> <s className="price-was">₹9,999</s>{" "}
          <span className="badge badge-premium">99% OFF</span>
        </p>
        <p>One-time payment, lifetime access to every premium course, including {courseTitle}.</p>
      </div>
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn" onClick={pay} disabled={processing}>
          {processing ? "Processing..." : "Pay ₹100"}
        </button>
      </div>
    </Modal>
  );
}
