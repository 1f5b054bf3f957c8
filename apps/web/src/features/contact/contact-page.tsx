import { CONTACT_FAILURE, CONTACT_LIMITS, CONTACT_SUCCESS, contactRequest } from "@koc/shared";
import { Clock, Globe, Mail, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSendContactMessage } from "./api/send-contact";
import "./contact.css";
import { TextField } from "../../components/text-field";

export const SUPPORT_EMAIL = "support@kingdomofcode.dev";
export const MAIN_WEBSITE = "https://kingdomofcode.dev";

type Status = "idle" | "sending" | "success" | "error";
const empty = { name: "", email: "", subject: "", message: "", website: "" };

export default function ContactPage() {
  const [form, setForm] = useState(empty);
  const [status, setStatus] = useState<Status>("idle");
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendContactMessage();

  const update = (field: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === "sending") return;
    // The same schema as the server: catches what the browser lets through (e.g. only spaces).
    const parsed = contactRequest.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "field");
      setInvalid(`${field.charAt(0).toUpperCase()}${field.slice(1)} ${issue?.message ?? "is invalid"}.`);
      setStatus("idle");
      return;
    }
    setInvalid(null);
    setStatus("sending");
    try {
      await send.mutateAsync(parsed.data);
      setForm(empty);
      setStatus("success");
    } catch {
      setStatus("error");
    }
  }

  const sending = status === "sending";

  return (
    <div className="contact">
      <section className="page-hero" aria-labelledby="contact-title">
        <div className="container">
          <h1 id="contact-title">Contact the Kingdom</h1>
          <p>
            A question about a course, a payment or a stubborn bug? Send a raven to the royal court and we will reply
            within 24 hours.
          </p>
        </div>
      </section>

      <div className="container contact-layout">
        <ul className="contact-info" aria-label="Ways to reach us">
          <li className="card info-card">
            <Mail aria-hidden="true" className="info-icon" />
            <h2>Email Support</h2>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li className="card info-card">
            <Globe aria-hidden="true" className="info-icon" />
            <h2>Main Website</h2>
            <a href={MAIN_WEBSITE} target="_blank" rel="noopener noreferrer">
              kingdomofcode.dev<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          <li className="card info-card">
            <Clock aria-hidden="true" className="info-icon" />
            <h2>Response Time</h2>
            <p>24-48 hours</p>
          </li>
        </ul>

        <section className="card contact-form-card" aria-labelledby="form-title">
          <h2 id="form-title">Send Us a Message</h2>
          <form className="contact-form" onSubmit={onSubmit}>
            <div className="form-row">
              <TextField
                id="contact-name"
                label="Name"
                name="name"
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
                value={form.name}
                onChange={update("name")}
              />
              <TextField
                id="contact-email"
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={CONTACT_LIMITS.email}
                value={form.email}
                onChange={update("email")}
              />
            </div>
            <TextField
              id="contact-subject"
              label="Subject"
              name="subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              value={form.subject}
              onChange={update("subject")}
            />
            <div className="form-field">
              <label htmlFor="contact-message">Message</label>
              <textarea
                id="contact-message"
                className="input contact-textarea"
                name="message"
                rows={6}
                required
                maxLength={CONTACT_LIMITS.message}
                value={form.message}
                onChange={update("message")}
              />
            </div>
            {/* Honeypot: hidden from people and assistive technology, tempting to simple bots. */}
            <div className="contact-trap" aria-hidden="true">
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={form.website}
                onChange={update("website")}
              />
            </div>
            <button type="submit" className="btn contact-submit" disabled={sending}>
              <Send aria-hidden="true" size={18} /> {sending ? "Sending..." : "Send Message"}
            </button>
            <div className="contact-status" aria-live="polite">
              {invalid ? (
                <p className="form-message error" role="alert">
                  {invalid}
                </p>
              ) : null}
              {status === "success" ? (
                <p className="form-message success" role="status">
                  {CONTACT_SUCCESS}
                </p>
              ) : null}
              {status === "error" ? (
                <p className="form-message error" role="alert">
                  {CONTACT_FAILURE}
                </p>
              ) : null}
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
