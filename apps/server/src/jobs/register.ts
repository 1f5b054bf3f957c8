import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { PASSWORD_RESET_JOB, type ResetJobData } from "../modules/auth/service.js";
import {
  CERTIFICATE_MAIL_JOB,
  type CertificateMailJobData,
  createCertificateMail,
} from "../modules/certificates/mail.js";
import { safeFileName, verifyUrl } from "../modules/certificates/routes.js";
import {
  createInvoiceMail,
  INVOICE_MAIL_JOB,
  type InvoiceMailJobData,
  invoiceMailKey,
} from "../modules/payments/invoice-mail.js";
import { sellerOf } from "../modules/payments/invoice-pdf.js";
import { publicOrigin } from "../public-origin.js";
import { createMailDelivery, MAIL_JOB, type MailJobData } from "./mail.js";
import { createJobQueue, type JobOptions } from "./queue.js";

/**
 * The durable job queue and its kinds of job. Started when the app is ready (after main.ts has
 * migrated), stopped when it closes: running jobs finish, queued ones wait for the next start.
 */
export function registerJobs(app: FastifyInstance, database: Database, options: JobOptions) {
  const jobs = createJobQueue(database, app.log, options);
  app.decorate("jobs", jobs);
  app.decorate("mailDelivery", createMailDelivery(database.db, app.mailer));
  jobs.define<MailJobData>(MAIL_JOB, async ({ key, message }) => {
    await app.mailDelivery.deliver(key, message);
  });
  jobs.define<ResetJobData>(PASSWORD_RESET_JOB, (data, job) => app.auth.sendResetMail(data, job.id));
  const invoiceMail = createInvoiceMail({
    db: database.db,
    mailDelivery: app.mailDelivery,
    seller: sellerOf(app.config),
    publicOrigin: publicOrigin(app.config),
  });
  jobs.define<InvoiceMailJobData>(INVOICE_MAIL_JOB, (data) => invoiceMail.send(data));
  const certificateMail = createCertificateMail({
    db: database.db,
    mailDelivery: app.mailDelivery,
    find: async (code) => {
      const found = await app.certificates.findWithOwner(code);
      return found && { cert: { ...found.record, verifyUrl: verifyUrl(app, code) }, userId: found.userId };
    },
    trialsPassed: (userId, courseId) => app.exercises.passedIn(userId, courseId),
    publicOrigin: publicOrigin(app.config),
    safeFileName,
  });
  jobs.define<CertificateMailJobData>(CERTIFICATE_MAIL_JOB, (data) => certificateMail.send(data));
  app.addHook("onReady", async () => {
    await jobs.start();
    // A process that died between a payment's commit and queueing its mail left it unqueued.
    for (const invoiceId of await invoiceMail.undelivered()) {
      await jobs.send(INVOICE_MAIL_JOB, { invoiceId }, { key: invoiceMailKey(invoiceId) });
    }
  });
  app.addHook("onClose", () => jobs.stop());
}
