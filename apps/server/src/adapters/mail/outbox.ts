import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import type { Mailer, MailMessage } from "./types.js";

/**
 * The default when no SMTP_URL is set: every mail is stored in mail_outbox and written to the log
 * with its text (so reset links can be followed on an offline `npm start`).
 */
export function createOutboxMailer(db: Db, log: Pick<FastifyBaseLogger, "info">): Mailer {
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, "mail stored in outbox");
    },
    async close() {},
  };
}
