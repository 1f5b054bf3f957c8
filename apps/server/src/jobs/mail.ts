import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Mailer, MailMessage } from "../adapters/mail/types.js";
import type { Db } from "../db/client.js";
import { mailDeliveries } from "../db/schema.js";

/** The job that sends one mail; its data is the dedupe key and the rendered message. */
export const MAIL_JOB = "mail";
export interface MailJobData {
  key: string;
  message: MailMessage;
}

/** Message-ID (without brackets) for a dedupe key: the same key always gives the same id. */
export const messageIdForKey = (key: string) =>
  `${createHash("sha256").update(key).digest("hex").slice(0, 32)}@kingdomofcode.dev`;

/**
 * Sends a mail at most once per key as far as this database knows: a key already recorded is
 * skipped. The one window left (the mail server accepted the message and the process died before
 * the row was written) sends it again with the same Message-ID, which mail systems deduplicate.
 */
export function createMailDelivery(db: Db, mailer: Mailer) {
  return {
    async delivered(key: string): Promise<boolean> {
      const rows = await db.select({ key: mailDeliveries.key }).from(mailDeliveries).where(eq(mailDeliveries.key, key));
      return rows.length > 0;
    },
    /** Answers false when the key had been delivered already. */
    async deliver(key: string, message: MailMessage): Promise<boolean> {
      if (await this.delivered(key)) return false;
      const messageId = messageIdForKey(key);
      await mailer.send({ ...message, messageId });
      await db.insert(mailDeliveries).values({ key, messageId }).onConflictDoNothing();
      return true;
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
