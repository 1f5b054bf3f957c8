import { createSmtpMailer } from "./adapters/mail/smtp.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import { createRedisRateLimiter } from "./adapters/rate-limit/redis.js";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { readCatalogue, seedCatalogue } from "./db/seed.js";
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

  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Without SMTP_URL the app uses the outbox (mail kept in the database and logged).
  const smtp = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const rateLimiter = config.REDIS_URL ? createRedisRateLimiter(config.REDIS_URL) : createMemoryRateLimiter();
  const app = await buildApp({
    database,
    config,
    rateLimiter,
    webDistDir,
    logger: { level: config.LOG_LEVEL },
    ...(smtp ? { mailer: smtp } : {}),
  });
  await database.migrate();
  const seeded = await seedCatalogue(database.db, readCatalogue());
  app.log.info({ engine: database.engine, ...seeded }, "database ready");

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

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error("Kingdom of Code failed to start:", err);
  process.exit(1);
});
