import { LEGAL_EMAIL, LegalLayout, type LegalSection } from "./legal-layout";

/** The refund terms: a 7-day window, three exclusions, 5-7 business days, 24-48 hours response. */
const sections: LegalSection[] = [
  {
    heading: "Our promise",
    body: (
      <p>
        We want every learner to be happy with their purchase. If premium access is not right for you, you may ask for a
        refund within 7 days of the purchase date.
      </p>
    ),
  },
  {
    heading: "The 7-day refund window",
    body: (
      <p>
        Refund requests must reach us within 7 days of purchase. Requests made after the 7-day window cannot be
        accepted. The price refunded is the amount you paid (the listed price on our legal pages is $5 USD / 420 INR).
      </p>
    ),
  },
  {
    heading: "When a refund is not possible",
    body: (
      <>
        <p>Even within the 7-day window, we cannot refund a purchase when:</p>
        <ul>
          <li>your progress in the purchased content is above 80%;</li>
          <li>you have downloaded a certificate for the purchased content; or</li>
          <li>the content has been accessed extensively (for example, most lessons opened or quizzes taken).</li>
        </ul>
      </>
    ),
  },
  {
    heading: "How to ask for a refund",
    body: (
      <ol>
        <li>Write to {LEGAL_EMAIL} from the email address of your account.</li>
        <li>Include your order id or invoice number and a short reason.</li>
        <li>We reply within 24-48 hours to confirm whether the request is approved.</li>
      </ol>
    ),
  },
  {
    heading: "Processing time",
    body: (
      <p>
        Approved refunds are processed within 5-7 business days and returned to the original payment method. Your bank
        may need a few extra days to show the money in your account. Premium access ends when the refund is issued.
      </p>
    ),
  },
  {
    heading: "Failed or duplicate payments",
    body: (
      <p>
        If you were charged twice or charged for a payment that did not complete, write to us with the payment details.
        Duplicate and failed charges are always refunded in full, within the same 5-7 business days.
      </p>
    ),
  },
];

export default function RefundPolicyPage() {
  return (
    <LegalLayout
      title="Refund Policy"
      intro="Fair terms for every recruit: when and how you can get your money back."
      sections={sections}
    />
  );
}
