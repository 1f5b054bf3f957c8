import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createOutboxMailer } from "./adapters/mail/outbox.js";
import type { Mailer } from "./adapters/mail/types.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import type { RateLimiter } from "./adapters/rate-limit/types.js";
import { type Config, loadConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { catalogueRoutes } from "./modules/catalogue/routes.js";
import { type CatalogueService, createCatalogueService } from "./modules/catalogue/service.js";
import { healthRoutes } from "./modules/health/routes.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { registerSecurity } from "./plugins/security.js";
import { registerWebApp } from "./plugins/web-app.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    rateLimiter: RateLimiter;
    catalogue: CatalogueService;
  }
}

export interface AppDeps {
  database: Database;
  /** Parsed configuration; tests pass overrides, the default is every variable unset. */
  config?: Config;
  /** Defaults to the outbox (mail stored in the database and logged). */
  mailer?: Mailer;
  /** Defaults to in-process memory counters. */
  rateLimiter?: RateLimiter;
  logger?: FastifyServerOptions["logger"];
  /** Built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
}

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 1_048_576,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: "idle",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const config = deps.config ?? loadConfig({ NODE_ENV: "test" });
  app.decorate("config", config);
  app.decorate("database", deps.database);
  app.decorate("mailer", deps.mailer ?? createOutboxMailer(deps.database.db, app.log));
  app.decorate("rateLimiter", deps.rateLimiter ?? createMemoryRateLimiter());
  app.decorate("catalogue", createCatalogueService(deps.database.db));

  await registerSecurity(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
    },
    { prefix: "/api" },
  );
  await registerWebApp(app, deps.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
