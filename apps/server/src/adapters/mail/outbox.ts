import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import { redactTokens } from "../../plugins/log-serializers.js";
import type { Mailer, MailMessage } from "./types.js";

/**
 * The default when no SMTP_URL is set: every mail is stored in mail_outbox and written to the log
 * with its links' tokens redacted. With `dir` (main.ts uses
 * DATA_DIR/outbox) each mail is also written there as a JSON file, readable while the server runs
 * (the embedded database is not), which is how the end-to-end tests follow reset links. A file
 * appears whole or not at all.
 */
export function createOutboxMailer(
  db: Db,
  log: Pick<FastifyBaseLogger, "info">,
  options: { dir?: string } = {},
): Mailer {
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      if (options.dir) {
        await mkdir(options.dir, { recursive: true, mode: 0o700 });
        const name = `${Date.now()}-${randomUUID()}.json`;
        // Attachments are listed by name, type and size; their bytes are not copied into the outbox.
        const attachments = message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          bytes: a.content.length,
        }));
        const entry = { ...message, attachments, createdAt: new Date().toISOString() };
        // Written under a hidden name, then renamed: a reader of the folder never finds a mail half
        // written (an end-to-end test once read one while the server was still writing it).
        const partial = join(options.dir, `.${name}.partial`);
        await writeFile(partial, JSON.stringify(entry, null, 2), { mode: 0o600 });
        await rename(partial, join(options.dir, name));
      }
      // The log never holds a usable link: tokens are redacted (the full mail is in the outbox).
      log.info(
        { mail: { to: message.to, subject: message.subject, text: redactTokens(message.text) } },
        "mail stored in outbox",
      );
    },
    async close() {},
  };
}
