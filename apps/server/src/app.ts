import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createOffRunner } from "./adapters/code-runner/off.js";
import type { CodeRunner } from "./adapters/code-runner/types.js";
import { createOutboxMailer } from "./adapters/mail/outbox.js";
import type { Mailer } from "./adapters/mail/types.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import type { RateLimiter } from "./adapters/rate-limit/types.js";
import { type Config, loadConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { authenticate } from "./modules/auth/authenticate.js";
import { authRoutes } from "./modules/auth/routes.js";
import { type AuthService, createAuthService } from "./modules/auth/service.js";
import { createTokenSigner, ephemeralSecret } from "./modules/auth/tokens.js";
import { catalogueRoutes } from "./modules/catalogue/routes.js";
import { type CatalogueService, createCatalogueService } from "./modules/catalogue/service.js";
import { certificateIssueRoutes, certificateVerifyRoutes } from "./modules/certificates/routes.js";
import { type CertificateService, createCertificateService } from "./modules/certificates/service.js";
import { contactRoutes } from "./modules/contact/routes.js";
import { type ContactService, createContactService } from "./modules/contact/service.js";
import { enrollmentRoutes } from "./modules/enrollments/routes.js";
import { createEnrollmentService, type EnrollmentService } from "./modules/enrollments/service.js";
import { healthRoutes } from "./modules/health/routes.js";
import { mentorRoutes } from "./modules/mentor/routes.js";
import { createMentorService, type MentorService } from "./modules/mentor/service.js";
import { progressRoutes } from "./modules/progress/routes.js";
import { createProgressService, type ProgressService } from "./modules/progress/service.js";
import { runRoutes } from "./modules/run/routes.js";
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
    codeRunner: CodeRunner;
    auth: AuthService;
    enrollments: EnrollmentService;
    progress: ProgressService;
    certificates: CertificateService;
    contact: ContactService;
    mentor: MentorService;
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
  /** Where the default outbox mailer also writes each mail as a file (main.ts: DATA_DIR/outbox). */
  outboxDir?: string;
  /** Runs learners' Java; defaults to none (POST /api/run answers 503). Closed with the app. */
  codeRunner?: CodeRunner;
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
  app.decorate(
    "mailer",
    deps.mailer ?? createOutboxMailer(deps.database.db, app.log, deps.outboxDir ? { dir: deps.outboxDir } : {}),
  );
  app.decorate("rateLimiter", deps.rateLimiter ?? createMemoryRateLimiter());
  app.decorate("catalogue", createCatalogueService(deps.database.db));
  app.decorate("mentor", createMentorService(app.catalogue));
  app.decorate("codeRunner", deps.codeRunner ?? createOffRunner());
  app.addHook("onClose", () => app.codeRunner.close());
  app.decorate(
    "auth",
    createAuthService({
      db: deps.database.db,
      // main.ts always passes a secret (configured or kept in DATA_DIR); tests without one get a fresh one.
      tokens: createTokenSigner(config.JWT_SECRET ?? ephemeralSecret()),
      rateLimiter: app.rateLimiter,
      mailer: app.mailer,
      log: app.log,
    }),
  );
  app.decorateRequest("user", null);
  app.decorate("enrollments", createEnrollmentService(deps.database.db));
  app.decorate("progress", createProgressService(deps.database.db));
  app.decorate("certificates", createCertificateService(deps.database.db));
  app.decorate(
    "contact",
    createContactService({
      db: deps.database.db,
      mailer: app.mailer,
      rateLimiter: app.rateLimiter,
      supportEmail: config.SUPPORT_EMAIL,
      log: app.log,
    }),
  );

  await registerSecurity(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(runRoutes);
      await api.register(authRoutes);
      await api.register(certificateVerifyRoutes);
      // User routes: the scope's onRequest hook authenticates, so every route inside has request.user.
      await api.register(async (user) => {
        user.addHook("onRequest", authenticate);
        await user.register(enrollmentRoutes);
        await user.register(progressRoutes);
        await user.register(certificateIssueRoutes);
      });
      await api.register(contactRoutes);
      await api.register(mentorRoutes);
    },
    { prefix: "/api" },
  );
  await registerWebApp(app, deps.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
