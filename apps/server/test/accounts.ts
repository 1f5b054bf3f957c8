/** Helpers for tests of the account features: an app with a known JWT secret, and users made through the API. */
import type { CodeRunner } from "../src/adapters/code-runner/types.js";
import type { Mailer } from "../src/adapters/mail/types.js";
import type { RateLimiter } from "../src/adapters/rate-limit/types.js";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { JobOptions } from "../src/jobs/queue.js";
import { createTestDatabase, type Engine, type TestDatabase } from "./harness.js";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

interface AccountsAppOptions {
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  publicOrigin?: string;
  /** Built web app to serve (a small fake dist dir in tests). */
  webDistDir?: string;
  /** Share another app's database (two instances behind one load balancer). */
  database?: TestDatabase;
  /** The Java runner (off by default). */
  codeRunner?: CodeRunner;
  /** The job queue's retry settings (tests shorten the back-off). */
  jobOptions?: JobOptions;
}

export async function createAccountsTestApp(engine: Engine, options: AccountsAppOptions = {}) {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase(engine, { seeded: true }));
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: TEST_JWT_SECRET,
    ...(options.publicOrigin ? { PUBLIC_ORIGIN: options.publicOrigin } : {}),
  });
  const app = await buildApp({
    database,
    config,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.codeRunner ? { codeRunner: options.codeRunner } : {}),
    ...(options.jobOptions ? { jobOptions: options.jobOptions } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!shared) await database.dispose();
    },
  };
}

type TestApp = Awaited<ReturnType<typeof createAccountsTestApp>>["app"];

let counter = 0;
/** Registers a fresh user; returns its token, user record and password. */
export async function registerUser(app: TestApp, overrides: { name?: string; email?: string; password?: string } = {}) {
  counter += 1;
  const body = {
    name: overrides.name ?? `Learner ${counter}`,
    email: overrides.email ?? `learner${counter}-${Date.now()}@example.com`,
    password: overrides.password ?? "correct horse battery",
  };
  // Each from its own address, as separate learners would be (registration is limited per address).
  const remoteAddress = `10.${200 + ((counter >> 16) % 50)}.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: body, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json() as { token: string; user: { _id: string; email: string; name: string } };
  return { token, user, password: body.password, auth: { authorization: `Bearer ${token}` } };
}
