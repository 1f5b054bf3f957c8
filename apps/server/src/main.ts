import { join, resolve } from "node:path";
import { createCodeRunnerFromConfig, deferredRunner } from "./adapters/code-runner/index.js";
import type { CodeRunner } from "./adapters/code-runner/types.js";
import { createSmtpMailer } from "./adapters/mail/smtp.js";
import { ensureTestCheckoutSecret } from "./adapters/payments/test-checkout.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import { createRedisRateLimiter } from "./adapters/rate-limit/redis.js";
import { createSqlPool } from "./adapters/sql-runner/pool.js";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, testCheckoutOn } from "./config.js";
import { secureDataDir } from "./data-dir.js";
import { openDatabase } from "./db/client.js";
import { readCatalogue, seedCatalogue } from "./db/seed.js";
import { ensureJwtSecret } from "./modules/auth/secret.js";
import { webDistDir } from "./paths.js";
import { readyLine } from "./ready-line.js";

const SHUTDOWN_DEADLINE_MS = 25_000;

async function main() {
  // Everything this process creates (database files, secret, outbox) is readable by its owner only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // DATA_DIR is used by the embedded database, a generated JWT secret and the outbox; a deployment
  // with none of them (DATABASE_URL, JWT_SECRET, SMTP_URL) may run on a read-only file system.
  const usesDataDir = !config.DATABASE_URL || !config.JWT_SECRET || !config.SMTP_URL;
  const tightened = usesDataDir ? secureDataDir(config.DATA_DIR) : 0;

  // Without JWT_SECRET (never in production, see config.ts) the secret is generated once and kept in DATA_DIR.
  if (!config.JWT_SECRET) config = { ...config, JWT_SECRET: ensureJwtSecret(config.DATA_DIR) };

  let warn = (message: string): unknown => process.stderr.write(`${message}\n`);
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleConnectionError: (error) =>
      warn(`database: an idle connection failed (${error.message}); it will be replaced`),
  });
  // Without SMTP_URL the app uses the outbox (mail kept in the database and logged).
  const smtp = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const rateLimiter = config.REDIS_URL ? createRedisRateLimiter(config.REDIS_URL) : createMemoryRateLimiter();
  // Java runner (CODE_RUNNER): set up in the background (JDK discovery, sandbox probe, warm
  // compilers) so the server listens at once; runs that arrive meanwhile wait for it.
  let provideRunner: (runner: CodeRunner) => void = () => undefined;
  const codeRunner = deferredRunner(
    new Promise<CodeRunner>((resolve) => {
      provideRunner = resolve;
    }),
  );
  const app = await buildApp({
    codeRunner,
    database,
    config,
    rateLimiter,
    webDistDir,
    // The SQL engine's prepared data directory is kept in DATA_DIR: a restart skips its initdb.
    sqlPool: createSqlPool(usesDataDir ? { templateDir: config.DATA_DIR } : {}),
    // Without Razorpay keys the test checkout signs with a secret kept in DATA_DIR, like the JWT secret.
    ...(testCheckoutOn(config) ? { testCheckoutSecret: ensureTestCheckoutSecret(config.DATA_DIR) } : {}),
    logger: {
      level: config.LOG_LEVEL,
      // pino-pretty in a worker thread for people reading a terminal; JSON lines otherwise.
      ...(config.LOG_FORMAT === "pretty"
        ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } }
        : {}),
    },
    ...(smtp ? { mailer: smtp } : { outboxDir: join(resolve(config.DATA_DIR), "outbox") }),
  });
  warn = (message) => app.log.warn(message);
  // Registered before migrations so a SIGTERM at any point after this closes the database cleanly.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests and running jobs");
    // A deploy waits 30 s before SIGKILL: whatever is still running at 25 s is left to the queue
    // (a job not marked done runs again) and the process exits on its own.
    setTimeout(() => {
      app.log.error("shutdown took over 25 s: exiting with work still running");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // Fastify closes the connections idle when closing starts; a keep-alive connection whose request
    // finishes later (a Java run in flight) would hold the close open until its keep-alive timeout
    // (72 s). Each one is closed as soon as it falls idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    try {
      await app.close();
      clearInterval(closeIdle);
      await Promise.allSettled([app.mailer.close(), app.rateLimiter.close()]);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // The warm compilers' helper, compiled once per JDK, is kept in DATA_DIR: a restart skips its javac.
  const runnerOptions = usesDataDir ? { cacheDir: join(resolve(config.DATA_DIR), "javac-helper") } : {};
  const runnerReady = createCodeRunnerFromConfig(config, app.log, runnerOptions).then(
    (runner) => {
      provideRunner(runner);
      return runner;
    },
    (err: Error) => {
      app.log.error({ err }, "Java runner failed to start");
      process.exit(1);
    },
  );
  // The SQL pool prepares its data directory and workers in the background, off the request path.
  app.sqlPool
    .warm()
    .catch((err: Error) => app.log.warn({ err }, "the SQL engine did not start: SQL trials answer 503"));
  if (tightened > 0)
    app.log.warn({ dataDir: config.DATA_DIR, tightened }, "DATA_DIR permissions tightened to owner-only");
  if (config.NODE_ENV === "production" && !config.SMTP_URL) {
    app.log.warn("SMTP_URL is not set: mail goes to the outbox and the log shows it with its links redacted");
  }
  // Several instances may start together on one database: one migrates and seeds at a time.
  const seeded = await database.withStartupLock(async () => {
    await database.migrate();
    return seedCatalogue(database.db, readCatalogue(config.CATALOGUE_FILE));
  });
  // PGlite copies its initial files in with mode 0666 whatever the umask: tighten them once it is open
  // (the folders are 0700 already, so nothing was reachable by other users in between).
  if (database.engine === "pglite") secureDataDir(config.DATA_DIR);
  // The job queue (its own schema on first start) before listening: mail queued by the first
  // requests has somewhere to go, and a failure here is a start-up failure, not a hook time-out.
  await app.jobs.start();
  app.log.info({ engine: database.engine, ...seeded }, "database ready");
  // Kattappa's lesson index is built now, in the background, so the first learner's question does not
  // wait for it (a question asked meanwhile waits for this same build).
  app.mentor.warm().catch((err: Error) => app.log.warn({ err }, "mentor index not built at start"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(readyLine(config, database.engine, await runnerReady));
}

main().catch((err) => {
  console.error("Kingdom of Code failed to start:", err);
  process.exit(1);
});
