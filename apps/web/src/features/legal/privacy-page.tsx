import { LEGAL_EMAIL, LegalLayout, type LegalSection } from "./legal-layout";

const sections: LegalSection[] = [
  {
    heading: "What we collect",
    body: (
      <ul>
        <li>Account details: your name, email address, optional phone number and a securely hashed password.</li>
        <li>Learning records: enrolments, completed lessons, quiz results, xp, streaks and certificates.</li>
        <li>
          Payment records: order ids, amounts and invoices. Card details are handled by our payment provider only.
        </li>
        <li>Messages you send us through the contact form or the mentor chat.</li>
        <li>Basic technical data such as your IP address, kept in server logs to protect the platform from abuse.</li>
      </ul>
    ),
  },
  {
    heading: "How we use it",
    body: (
      <ul>
        <li>To run your account, save your progress and issue certificates.</li>
        <li>To process payments, invoices and refunds.</li>
        <li>To answer your questions and send service emails such as password resets.</li>
        <li>To keep the platform secure and to improve our courses.</li>
      </ul>
    ),
  },
  {
    heading: "Your browser's storage",
    body: (
      <p>
        We keep your sign-in token, recent courses and progress in your browser's local storage so the site works
        quickly and remembers you. We do not use advertising cookies or third-party trackers, and our fonts and images
        are served from our own site.
      </p>
    ),
  },
  {
    heading: "Sharing",
    body: (
      <p>
        We never sell your data. We share only what is needed with the services that help us run the kingdom, such as
        our payment provider and email delivery service, and when the law requires it.
      </p>
    ),
  },
  {
    heading: "How long we keep it",
    body: (
      <p>
        Account and learning records are kept while your account is open. Payment records are kept as long as tax law
        requires. Contact messages are kept for as long as needed to answer them and resolve any follow-up.
      </p>
    ),
  },
  {
    heading: "Your rights",
    body: (
      <p>
        You may ask for a copy of your data, ask us to correct it, or ask us to delete your account and its data. Write
        to {LEGAL_EMAIL} from the email address of your account.
      </p>
    ),
  },
  {
    heading: "Security",
    body: (
      <p>
        Passwords are stored only as strong hashes, connections are encrypted, and access to our systems is limited to
        the people who need it.
      </p>
    ),
  },
  {
    heading: "Contact for privacy questions",
    body: <p>Privacy questions and requests go to {LEGAL_EMAIL}. We respond to privacy requests within 48 hours.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro="Your data is guarded like the royal treasury: what we keep, why, and your rights."
      sections={sections}
    />
  );
}
