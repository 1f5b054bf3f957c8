import { Check, Shield } from "lucide-react";
import { Modal } from "../../components/modal";

const BENEFITS = [
  "All premium courses",
  "Advanced coding challenges",
  "Priority support",
  "Downloadable resources",
  "Certificate of completion",
];

interface UpgradeModalProps {
  onClose: () => void;
  /** Starts the checkout; until payments are wired the pay button says so and charges nothing. */
  onPay?: () => void;
  paying?: boolean;
}

export function UpgradeModal({ onClose, onPay, paying = false }: UpgradeModalProps) {
  return (
    <Modal title="Upgrade to Premium" onClose={onClose} className="upgrade-modal">
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
      <div className="upgrade-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn" onClick={onPay} disabled={!onPay || paying} aria-describedby="pay-status">
          {paying ? "Processing..." : "Pay ₹100"}
        </button>
      </div>
      {!onPay && (
        <p id="pay-status" className="upgrade-soon">
          Secure checkout is arriving soon. Nothing is charged yet.
        </p>
      )}
    </Modal>
  );
}
