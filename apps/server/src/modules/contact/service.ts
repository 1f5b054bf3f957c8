import { CONTACT_SUCCESS, type ContactRequest, type ContactResponse } from "@koc/shared";
import type { FastifyBaseLogger } from "fastify";
import { renderMail } from "../../adapters/mail/layout.js";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { Db } from "../../db/client.js";
import { contactMessages } from "../../db/schema.js";
import { RateLimitedError } from "../../errors.js";
import type { MailJobData } from "../../jobs/mail.js";

/** Per sender address (email) and per network address (IP): generous for people, tight for floods. */
export const CONTACT_RATE_LIMITS = {
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
  perIp: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export const CONTACT_RATE_LIMITED =
  "You have sent several messages recently. Please wait a while before writing to us again.";

interface ContactDeps {
  db: Db;
  /** Queues the notice in the durable job queue (MAIL_JOB), keyed by the message. */
  enqueueMail: (data: MailJobData) => Promise<unknown>;
  rateLimiter: RateLimiter;
  supportEmail: string;
  log: Pick<FastifyBaseLogger, "warn">;
}

export function createContactService({ db, enqueueMail, rateLimiter, supportEmail, log }: ContactDeps) {
  const ok: ContactResponse = { success: true, message: CONTACT_SUCCESS };

  async function checkRate(key: string, rule: { limit: number; windowSeconds: number }) {
    const result = await rateLimiter.hit(key, rule.limit, rule.windowSeconds);
    if (!result.allowed) throw new RateLimitedError(CONTACT_RATE_LIMITED, result.retryAfterSeconds);
  }

  return {
    async send(input: ContactRequest, ip: string | null): Promise<ContactResponse> {
      // A filled honeypot is a bot: it gets the same answer as a person and nothing is kept or sent.
      if (input.website && input.website.trim() !== "") return ok;

      const email = input.email.toLowerCase();
      if (ip) await checkRate(`contact:ip:${ip}`, CONTACT_RATE_LIMITS.perIp);
      await checkRate(`contact:email:${email}`, CONTACT_RATE_LIMITS.perEmail);

      const [row] = await db
        .insert(contactMessages)
        .values({ name: input.name, email, subject: input.subject, message: input.message, ip })
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });

      // The message is already stored; the notice is queued (and retried until the mail server takes
      // it), so a mail server that is down neither loses it nor fails the visitor.
      try {
        const key = `contact:${row?.id}`;
        await enqueueMail({
          key,
          message: renderMail({
            to: supportEmail,
            subject: `[Contact] ${input.subject}`,
            heading: `New contact message ${row?.id ?? ""}`,
            paragraphs: [
              // The name is quoted as typed, on a line of its own: it cannot pass for the address.
              [
                `Sender's name (as typed): ${JSON.stringify(input.name)}`,
                `Sender's email: ${email}`,
                `Subject: ${JSON.stringify(input.subject)}`,
              ].join("\n"),
              input.message,
            ],
          }),
        });
      } catch (err) {
        log.warn({ err, contactMessageId: row?.id }, "contact notification could not be queued");
      }
      return ok;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
