import { Check, Shield } from "lucide-react";
import { CheckoutActions, CheckoutModal } from "./checkout-modal";

const BENEFITS = [
  "All premium courses",
  "Advanced coding challenges",
  "Priority support",
  "Downloadable resources",
  "Certificate of completion",
];

interface UpgradeModalProps {
  onClose: () => void;
}

/** The dashboard's upgrade: the same purchase flow as the courses page (features/payments). */
export function UpgradeModal({ onClose }: UpgradeModalProps) {
  return (
    <CheckoutModal
      title="Upgrade to Premium"
      courseTitle="Lifetime Premium"
      onClose={onClose}
      className="upgrade-modal"
    >
      {({ pay, processing }) => (
        <>
          <p className="upgrade-lead">
            <Shield aria-hidden="true" size={20} /> Join the royal order and unlock everything the kingdom offers:
          </p>
          <ul className="upgrade-benefits">
            {BENEFITS.map((b) => (
              <li key={b}>
                <Check aria-hidden="true" size={18} /> {b}
              </li>
            ))}
          </ul>
          <p className="upgrade-price">
            <span className="price-now">₹100</span> <s className="price-was">₹9,999</s>
            <span className="visually-hidden"> (was ₹9,999)</span>
          </p>
          <p className="upgrade-note">One-time payment, lifetime access</p>
          <CheckoutActions className="upgrade-actions" pay={pay} processing={processing} onClose={onClose} />
        </>
      )}
    </CheckoutModal>
  );
}
