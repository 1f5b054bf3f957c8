import { join, resolve } from "node:path";
import { createCodeRunnerFromConfig, deferredRunner } from "./adapters/code-runner/index.js";
import type { CodeRunner } from "./adapters/code-runner/types.js";
import { createSmtpMailer } from "./adapters/mail/smtp.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import { createRedisRateLimiter } from "./adapters/rate-limit/redis.js";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { readCatalogue, seedCatalogue } from "./db/seed.js";
import { ensureJwtSecret } from "./modules/auth/secret.js";
import { webDistDir } from "./paths.js";

async function main() {
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

  // Without JWT_SECRET (never in production, see config.ts) the secret is generated once and kept in DATA_DIR.
  if (!config.JWT_SECRET) config = { ...config, JWT_SECRET: ensureJwtSecret(config.DATA_DIR) };

  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
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
    logger: { level: config.LOG_LEVEL },
    ...(smtp ? { mailer: smtp } : { outboxDir: join(resolve(config.DATA_DIR), "outbox") }),
  });
  // Registered before migrations so a SIGTERM at any point after this closes the database cleanly.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
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

  createCodeRunnerFromConfig(config, app.log).then(provideRunner, (err: Error) => {
    app.log.error({ err }, "Java runner failed to start");
    process.exit(1);
  });
  await database.migrate();
  const seeded = await seedCatalogue(database.db, readCatalogue());
  app.log.info({ engine: database.engine, ...seeded }, "database ready");

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error("Kingdom of Code failed to start:", err);
  process.exit(1);
});
