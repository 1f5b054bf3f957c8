import { LEGAL_EMAIL, LegalLayout, type LegalSection } from "./legal-layout";

const sections: LegalSection[] = [
  {
    heading: "Digital delivery only",
    body: (
      <p>
        Kingdom of Code sells digital products only: online courses, premium access and downloadable certificates.
        Nothing is shipped by post or courier, so there are no shipping fees and no delivery address is needed.
      </p>
    ),
  },
  {
    heading: "When you receive your purchase",
    body: (
      <p>
        Premium access (listed on our legal pages at $5 USD / 420 INR) is delivered to your account as soon as the
        payment is confirmed, usually within a few minutes. You will also receive an invoice you can download.
      </p>
    ),
  },
  {
    heading: "How to access your content",
    body: (
      <ul>
        <li>Log in with the email address you used for the purchase.</li>
        <li>Open Courses or your Dashboard: premium courses show as unlocked.</li>
        <li>Certificates are generated in your browser as a PDF when you complete a course.</li>
      </ul>
    ),
  },
  {
    heading: "If your access does not arrive",
    body: (
      <p>
        If premium access does not appear within an hour of a successful payment, write to {LEGAL_EMAIL} with your order
        id. We reply within 24-48 hours and will either activate your access or refund the payment, which is processed
        in 5-7 business days.
      </p>
    ),
  },
];

export default function ShippingPage() {
  return (
    <LegalLayout
      title="Shipping Policy"
      intro="No wagons, no couriers: everything in the kingdom is delivered digitally."
      sections={sections}
    />
  );
}
