import { CONTACT_FAILURE, CONTACT_LIMITS, CONTACT_SUCCESS, contactRequest } from "@koc/shared";
import { Clock, Globe, Mail, Send } from "lucide-react";
import { useState } from "react";
import { bind, FormMessage, useZodForm } from "../../components/form";
import { FIELD_KINDS, TextAreaField, TextField } from "../../components/text-field";
import { useSendContactMessage } from "./api/send-contact";
import "./contact.css";

export const SUPPORT_EMAIL = "support@kingdomofcode.dev";
export const MAIN_WEBSITE = "https://kingdomofcode.dev";

const empty = { name: "", email: "", subject: "", message: "", website: "" };

export default function ContactPage() {
  const form = useZodForm(contactRequest, empty);
  const { register, handleSubmit, setError, reset, formState } = form;
  const { errors, isSubmitting: sending } = formState;
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();

  const onSubmit = handleSubmit(async (body) => {
    setSent(false);
    try {
      await send.mutateAsync(body);
      reset(empty);
      setSent(true);
    } catch {
      setError("root.server", { message: CONTACT_FAILURE });
    }
  });

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
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
                {...bind(form, "name")}
              />
              <TextField
                id="contact-email"
                label="Email"
                {...FIELD_KINDS.email}
                maxLength={CONTACT_LIMITS.email}
                {...bind(form, "email")}
              />
            </div>
            <TextField
              id="contact-subject"
              label="Subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              {...bind(form, "subject")}
            />
            <TextAreaField
              id="contact-message"
              label="Message"
              className="contact-textarea"
              rows={6}
              required
              maxLength={CONTACT_LIMITS.message}
              {...bind(form, "message")}
            />
            {/* Honeypot: hidden from people and assistive technology, tempting to simple bots. */}
            <div className="contact-trap" aria-hidden="true">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register("website")} />
            </div>
            <button type="submit" className="btn contact-submit" disabled={sending}>
              <Send aria-hidden="true" size={18} /> {sending ? "Sending..." : "Send Message"}
            </button>
            <div className="contact-status" aria-live="polite">
              <FormMessage tone="success" text={sent ? CONTACT_SUCCESS : undefined} />
              <FormMessage tone="error" text={errors.root?.server?.message} />
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
