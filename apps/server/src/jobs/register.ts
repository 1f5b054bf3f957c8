import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { PASSWORD_RESET_JOB, type ResetJobData } from "../modules/auth/service.js";
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
  app.addHook("onReady", () => jobs.start());
  app.addHook("onClose", () => jobs.stop());
}
