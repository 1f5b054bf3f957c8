import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./types.js";

/** Real delivery through any SMTP server (SMTP_URL), e.g. smtp://user:pass@smtp.example.com:587. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // Short time-outs: a mail server that does not answer fails the job, which the queue retries
  // later, instead of holding a worker for nodemailer's default two minutes.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: "smtp",
    async send({ messageId, ...message }: MailMessage) {
      await transport.sendMail({ from, ...message, ...(messageId ? { messageId: `<${messageId}>` } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}
