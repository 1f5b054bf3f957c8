import { type CertificateResponse, certificateFileName } from "@koc/shared";
import { eq } from "drizzle-orm";
import { renderMail } from "../../adapters/mail/layout.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema.js";
import type { MailDelivery } from "../../jobs/mail.js";
import { renderCertificatePdf } from "./pdf.js";

/** The job that draws a newly earned certificate's PDF and mails it to its learner. */
export const CERTIFICATE_MAIL_JOB = "certificate-mail";
export interface CertificateMailJobData {
  code: string;
}
export const certificateMailKey = (code: string) => `certificate:${code}`;

export interface CertificateMailDeps {
  db: Db;
  mailDelivery: MailDelivery;
  /** The certificate with its verify address, and its learner's id; null once it no longer exists. */
  find: (code: string) => Promise<{ cert: CertificateResponse; userId: string } | null>;
  trialsPassed: (userId: string, courseId: string) => Promise<{ passed: number; total: number } | undefined>;
  publicOrigin: string;
  /** Makes a learner-typed name safe as a file name. */
  safeFileName: (name: string) => string;
}

export function createCertificateMail(deps: CertificateMailDeps) {
  return {
    /** Sends the certificate once; one that was withdrawn (account deleted) is skipped. */
    async send({ code }: CertificateMailJobData): Promise<void> {
      const key = certificateMailKey(code);
      if (await deps.mailDelivery.delivered(key)) return;
      const found = await deps.find(code);
      if (!found) return;
      const { cert, userId } = found;
      const [learner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!learner) return;
      const pdf = await renderCertificatePdf(cert, await deps.trialsPassed(userId, cert.courseId));
      const message = renderMail({
        to: learner.email,
        subject: `Your certificate: ${cert.courseTitle}`,
        heading: `Hail, ${cert.name}!`,
        paragraphs: [
          `You have completed ${cert.courseTitle}. Your certificate is attached as a PDF.`,
          `Anyone can check that it is genuine at its own address, which is printed on it: ${cert.verifyUrl}`,
        ],
        action: { label: "Open your account", url: `${deps.publicOrigin}/account` },
      });
      await deps.mailDelivery.deliver(key, {
        ...message,
        attachments: [
          {
            filename: deps.safeFileName(certificateFileName(cert.courseTitle, cert.name)),
            contentType: "application/pdf",
            content: pdf,
          },
        ],
      });
    },
  };
}
