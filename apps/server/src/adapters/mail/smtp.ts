import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./types.js";

/** Real delivery through any SMTP server (SMTP_URL), e.g. smtp://user:pass@smtp.example.com:587. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
