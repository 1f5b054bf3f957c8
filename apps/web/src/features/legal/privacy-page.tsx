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
        Account and learning records are kept while your account is open, and deleted with it. Invoices are kept as long
        as tax law requires, even after an account is deleted (see below). Contact messages are kept for as long as
        needed to answer them and resolve any follow-up.
      </p>
    ),
  },
  {
    heading: "Your rights: a copy of your data",
    body: (
      <p>
        Signed in, use <strong>Download my data</strong> on your dashboard or your account page: one JSON file with your
        profile, enrolments, lesson progress, quiz and trial attempts (with your code), drafts, help taken,
        certificates, referral credits, payments and invoices. It leaves out your password (we hold only a one-way hash
        of it), your sign-in and reset tokens, and anything about other learners. Contact-form messages are not linked
        to an account; write to {LEGAL_EMAIL} for a copy of those.
      </p>
    ),
  },
  {
    heading: "Your rights: deleting your account",
    body: (
      <>
        <p>
          On your account page, <strong>Delete my account</strong> asks for your password and an explicit confirmation,
          then at once and in one step removes:
        </p>
        <ul>
          <li>your name, email address, phone number and password, and every session on every device;</li>
          <li>your enrolments, lesson progress, quiz and trial attempts, saved code drafts and help taken;</li>
          <li>your certificates: their verify links stop confirming them, because they would show your name;</li>
          <li>your referral code and credits, and mail we stored for your address.</li>
        </ul>
        <p>
          We keep your <strong>invoices</strong> and the payment and order records behind them: amount, currency, date,
          invoice number, and the name and email printed on the invoice when it was issued. They are no longer linked to
          any account and are used only for our accounts, tax returns and audits. We keep them because the law requires
          it: in India, the CGST Act (section 36) requires accounts and invoices to be kept for 72 months after the due
          date of the annual return for their year, which is up to about eight years after the invoice date. They are
          then deleted. If a friend who joined with your code deletes their account, the credits you earned stay yours.
        </p>
        <p>
          After deletion the same email address can join again, as a new account with nothing of the old one. You may
          also ask us to correct your data, or to delete it, by writing to {LEGAL_EMAIL} from the email address of your
          account.
        </p>
      </>
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
