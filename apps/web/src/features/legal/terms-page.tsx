import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { LEGAL_EMAIL, LegalLayout, type LegalSection } from "./legal-layout";

const sections: LegalSection[] = [
  {
    heading: "Acceptance of these terms",
    body: (
      <p>
        By creating an account on Kingdom of Code or using any part of the site, you agree to these Terms of Service. If
        you do not agree, please do not use the platform.
      </p>
    ),
  },
  {
    heading: "Your account",
    body: (
      <ul>
        <li>You must give a real name and an email address you control.</li>
        <li>You are responsible for keeping your password secret and for everything done with your account.</li>
        <li>One account is for one person. Sharing an account or reselling access is not allowed.</li>
        <li>Tell us at once at {LEGAL_EMAIL} if you believe someone else has used your account.</li>
      </ul>
    ),
  },
  {
    heading: "Courses and premium access",
    body: (
      <>
        <p>
          Free courses are open to every registered learner. Premium access is a one-time purchase priced at $5 USD /
          420 INR on these legal pages (promotions shown elsewhere on the site may offer a lower price for a limited
          time). Premium access is personal, lasts for the lifetime of the platform and is delivered digitally to your
          account as soon as the payment is confirmed.
        </p>
        <p>
          Certificates confirm that you completed a course on Kingdom of Code. They are not an academic degree or a
          professional licence.
        </p>
      </>
    ),
  },
  {
    heading: "Acceptable use",
    body: (
      <ul>
        <li>Do not copy, record, republish or sell our lessons, quizzes or other content.</li>
        <li>Do not try to break, overload or get around the security of the platform or the code editor.</li>
        <li>Do not use the mentor, the editor or the contact form to send spam, abuse or unlawful material.</li>
        <li>Treat other learners and our team with respect.</li>
      </ul>
    ),
  },
  {
    heading: "Intellectual property",
    body: (
      <p>
        All lessons, quizzes, illustrations, the Kingdom of Code name and crest belong to Kingdom of Code. The code you
        write in the editor is yours.
      </p>
    ),
  },
  {
    heading: "Payments and refunds",
    body: (
      <p>
        Payments are processed by our payment provider; we never see or store your card details. Refunds follow our{" "}
        <Link to={paths.refundPolicy}>Refund Policy</Link>: requests are accepted within 7 days of purchase, subject to
        its conditions, and approved refunds are processed in 5-7 business days.
      </p>
    ),
  },
  {
    heading: "Availability and changes",
    body: (
      <p>
        We work hard to keep the kingdom open every day, but the platform may sometimes be unavailable for maintenance.
        We may improve, change or retire courses and features. When these terms change in an important way we will tell
        you by email or on the site before the change takes effect.
      </p>
    ),
  },
  {
    heading: "Ending your account",
    body: (
      <p>
        You may close your account at any time by writing to {LEGAL_EMAIL}. We may suspend an account that breaks these
        terms, after telling you why whenever the law allows.
      </p>
    ),
  },
  {
    heading: "Liability",
    body: (
      <p>
        The platform is provided as it is. To the extent the law allows, Kingdom of Code is not liable for indirect
        losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.
      </p>
    ),
  },
  {
    heading: "Contact",
    body: <p>Questions about these terms reach us at {LEGAL_EMAIL}. We answer within 24-48 hours.</p>,
  },
];

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro="The laws of the kingdom: the rules that apply when you learn with Kingdom of Code."
      sections={sections}
    />
  );
}
