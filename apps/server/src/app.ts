import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createFairShare, withFairShare } from "./adapters/code-runner/fair-share.js";
import { createOffRunner } from "./adapters/code-runner/off.js";
import type { CodeRunner } from "./adapters/code-runner/types.js";
import { createOutboxMailer } from "./adapters/mail/outbox.js";
import type { Mailer } from "./adapters/mail/types.js";
import { type CircuitBreaker, createCircuitBreaker } from "./adapters/mentor-model/circuit-breaker.js";
import { createOpenAiCompatibleModel } from "./adapters/mentor-model/openai-compatible.js";
import type { MentorModel } from "./adapters/mentor-model/types.js";
import { createPaymentGateway } from "./adapters/payments/index.js";
import type { PaymentGateway } from "./adapters/payments/types.js";
import { createMemoryRateLimiter } from "./adapters/rate-limit/memory.js";
import type { RateLimiter } from "./adapters/rate-limit/types.js";
import { createSqlPool, type SqlPool } from "./adapters/sql-runner/pool.js";
import { withSql } from "./adapters/sql-runner/with-sql.js";
import { type Config, fastifyTrustProxy, loadConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { MAIL_JOB, type MailDelivery } from "./jobs/mail.js";
import type { JobOptions, JobQueue } from "./jobs/queue.js";
import { registerJobs } from "./jobs/register.js";
import { accountRoutes } from "./modules/account/routes.js";
import { type AccountService, createAccountService } from "./modules/account/service.js";
import { authenticate } from "./modules/auth/authenticate.js";
import { authRoutes } from "./modules/auth/routes.js";
import { type AuthService, createAuthService, PASSWORD_RESET_JOB } from "./modules/auth/service.js";
import { createTokenSigner, ephemeralSecret } from "./modules/auth/tokens.js";
import { catalogueRoutes } from "./modules/catalogue/routes.js";
import { type CatalogueService, createCatalogueService } from "./modules/catalogue/service.js";
import { certificateIssueRoutes, certificateVerifyRoutes } from "./modules/certificates/routes.js";
import { type CertificateService, createCertificateService } from "./modules/certificates/service.js";
import { registerVerifyPage } from "./modules/certificates/verify-page.js";
import { contactRoutes } from "./modules/contact/routes.js";
import { type ContactService, createContactService } from "./modules/contact/service.js";
import { draftRoutes } from "./modules/drafts/routes.js";
import { createDraftService, type DraftService } from "./modules/drafts/service.js";
import { enrollmentRoutes } from "./modules/enrollments/routes.js";
import { createEnrollmentService, type EnrollmentService } from "./modules/enrollments/service.js";
import { trialAttemptRoutes, trialHelpRoutes } from "./modules/exercises/help-routes.js";
import { createHelpStateSigner } from "./modules/exercises/help-state.js";
import { createServerPageChecker, type PageChecks } from "./modules/exercises/html-grading.js";
import { createTrialReceiptSigner } from "./modules/exercises/receipts.js";
import { exercisePassRoutes, exerciseRoutes } from "./modules/exercises/routes.js";
import { createExerciseService, type ExerciseService } from "./modules/exercises/service.js";
import { createTrialTools, type TrialTools } from "./modules/exercises/trial-tools.js";
import { healthRoutes } from "./modules/health/routes.js";
import { mentorRoutes } from "./modules/mentor/routes.js";
import { createMentorService, type MentorService } from "./modules/mentor/service.js";
import { INVOICE_MAIL_JOB, invoiceMailKey } from "./modules/payments/invoice-mail.js";
import { paymentModeRoutes } from "./modules/payments/mode-route.js";
import { paymentRoutes, paymentWebhookRoutes } from "./modules/payments/routes.js";
import { createPaymentService, type PaymentService } from "./modules/payments/service.js";
import { createWebhookHandler } from "./modules/payments/webhook.js";
import { progressRoutes } from "./modules/progress/routes.js";
import { createProgressService, type ProgressService } from "./modules/progress/service.js";
import { createReceiptSigner } from "./modules/quiz/receipts.js";
import { quizReceiptRoutes, quizRoutes } from "./modules/quiz/routes.js";
import { createQuizService, type QuizService } from "./modules/quiz/service.js";
import { referralRoutes } from "./modules/referral/routes.js";
import { createReferralService, type ReferralService } from "./modules/referral/service.js";
import { reviewRoutes } from "./modules/review/routes.js";
import { createReviewService, type ReviewService } from "./modules/review/service.js";
import { runRoutes } from "./modules/run/routes.js";
import { sqlExampleRoutes } from "./modules/sql-examples/routes.js";
import { createSqlExampleService, type SqlExampleService } from "./modules/sql-examples/service.js";
import { registerErrorHandling } from "./plugins/errors.js";
import { registerInputGuard } from "./plugins/input-guard.js";
import { requestLogSerializers } from "./plugins/log-serializers.js";
import { createMetrics, metricsRoutes } from "./plugins/metrics.js";
import { noStore } from "./plugins/no-store.js";
import { OneLineRequestLog } from "./plugins/request-log.js";
import { registerRouteTable } from "./plugins/route-table.js";
import { registerSecurity } from "./plugins/security.js";
import { registerWebApp } from "./plugins/web-app.js";
import { publicOrigin } from "./public-origin.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    jobs: JobQueue;
    mailDelivery: MailDelivery;
    rateLimiter: RateLimiter;
    catalogue: CatalogueService;
    codeRunner: CodeRunner;
    sqlPool: SqlPool;
    sqlExamples: SqlExampleService;
    auth: AuthService;
    enrollments: EnrollmentService;
    progress: ProgressService;
    certificates: CertificateService;
    contact: ContactService;
    mentor: MentorService;
    referrals: ReferralService;
    payments: PaymentService;
    paymentWebhook: ReturnType<typeof createWebhookHandler>;
    quiz: QuizService;
    exercises: ExerciseService;
    trialTools: TrialTools;
    drafts: DraftService;
    review: ReviewService;
    /** The time (ms since epoch) that grading and the review deck go by; tests move it. */
    clock: () => number;
    account: AccountService;
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
  /** Throw-away PGlite databases for SQL trials and examples; one whose workers start at first use by default. */
  sqlPool?: SqlPool;
  /** Renders HTML trials in headless Chromium; defaults to one lazily launched browser, closed with the app. */
  pageChecker?: PageChecks;
  logger?: FastifyServerOptions["logger"];
  /** Defaults from the config: Razorpay with keys, else the test checkout (none in production). */
  paymentGateway?: PaymentGateway | null;
  /** Signs test-checkout payments (main.ts: kept in DATA_DIR); a fresh one per app when omitted. */
  testCheckoutSecret?: string;
  /** The mentor's model; defaults to MENTOR_LLM_* from the config (none: answers from the lessons). */
  mentorModel?: MentorModel;
  /** Defaults to 3 failures, then 60 s answering from the lessons. */
  mentorBreaker?: CircuitBreaker;
  /** Retry and time-out settings of the durable job queue (tests shorten them). */
  jobOptions?: JobOptions;
  /** Built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  /** The clock of quiz and trial grading and of the review deck; defaults to Date.now (tests move it). */
  now?: () => number;
}

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps) {
  const config = deps.config ?? loadConfig({ NODE_ENV: "test" });
  // Request lines are logged without their query string (reset tokens travel there).
  const logger = (
    deps.logger ? { ...(deps.logger === true ? {} : deps.logger), serializers: requestLogSerializers } : false
  ) as boolean;
  const app = Fastify({
    logger,
    // One line per request instead of two (plugins/request-log.ts).
    logController: new OneLineRequestLog(),
    bodyLimit: 1_048_576,
    // Off unless TRUST_PROXY names the proxies: otherwise X-Forwarded-For/Host would set request.ip/host.
    trustProxy: fastifyTrustProxy(config),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: "idle",
    // onReady starts the job queue (in tests; main.ts starts it before listening): creating its schema
    // takes well under a second, but far longer on a saturated machine than Fastify's default 10 s.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerRouteTable(app);
  const metrics = createMetrics();

  // main.ts always passes a secret (configured or kept in DATA_DIR); tests without one get a fresh one.
  const serverSecret = config.JWT_SECRET ?? ephemeralSecret();
  app.decorate("config", config);
  app.decorate("database", deps.database);
  app.decorate(
    "mailer",
    deps.mailer ?? createOutboxMailer(deps.database.db, app.log, deps.outboxDir ? { dir: deps.outboxDir } : {}),
  );
  app.decorate("rateLimiter", deps.rateLimiter ?? createMemoryRateLimiter());
  // Mail, reset links and other work that must survive a crash go through the durable queue.
  registerJobs(app, deps.database, { timeoutSeconds: config.JOB_TIMEOUT_SECONDS, ...deps.jobOptions });
  app.jobs.onRun((queue, seconds, ok) => metrics.jobRan(queue, seconds, ok));
  metrics.register(app);
  app.decorate("catalogue", createCatalogueService(deps.database.db));
  app.decorate("sqlPool", deps.sqlPool ?? createSqlPool());
  // One fair share for every kind of run: programs, trials and SQL lesson examples.
  const share = createFairShare();
  app.decorate(
    "codeRunner",
    metrics.instrumentRunner(withFairShare(withSql(deps.codeRunner ?? createOffRunner(), app.sqlPool), share)),
  );
  app.decorate("sqlExamples", createSqlExampleService({ catalogue: app.catalogue, pool: app.sqlPool, share }));
  app.decorate(
    "mentor",
    createMentorService({
      catalogue: app.catalogue,
      codeRunner: () => app.codeRunner,
      rateLimiter: app.rateLimiter,
      model:
        deps.mentorModel ??
        (config.MENTOR_LLM_URL && config.MENTOR_LLM_MODEL
          ? createOpenAiCompatibleModel({
              url: config.MENTOR_LLM_URL,
              model: config.MENTOR_LLM_MODEL,
              key: config.MENTOR_LLM_KEY,
            })
          : undefined),
      breaker: deps.mentorBreaker ?? createCircuitBreaker(),
      // The trial in hand, opened as its own routes open it (404 unknown, 403 premium), and the asker's ladder.
      trials: async (trialId, who) => {
        const row = await app.exercises.openRow(trialId, who.user ? { isPremium: who.isPremium } : null);
        const help = await app.exercises.ladder.state(row, who);
        return {
          title: row.title,
          statement: row.statement,
          solution: row.solution,
          readable: help.solutionReadable,
          hints: help.hints,
        };
      },
      log: app.log,
    }),
  );
  app.addHook("onClose", () => app.codeRunner.close());
  app.decorate(
    "auth",
    createAuthService({
      db: deps.database.db,
      tokens: createTokenSigner(serverSecret),
      rateLimiter: app.rateLimiter,
      mail: app.mailDelivery,
      enqueueReset: (data) => app.jobs.send(PASSWORD_RESET_JOB, data),
      log: app.log,
    }),
  );
  app.decorateRequest("user", null);
  app.decorate("enrollments", createEnrollmentService(deps.database.db, app.catalogue));
  app.decorate("progress", createProgressService({ db: deps.database.db, catalogue: app.catalogue }));
  app.decorate("certificates", createCertificateService(deps.database.db, app.progress));
  app.decorate("clock", deps.now ?? Date.now);
  app.decorate(
    "quiz",
    createQuizService({
      db: deps.database.db,
      catalogue: app.catalogue,
      rateLimiter: app.rateLimiter,
      receipts: createReceiptSigner(serverSecret),
      now: app.clock,
    }),
  );
  // One headless Chromium for HTML trials, launched by the first one submitted.
  const pageChecker = deps.pageChecker ?? createServerPageChecker();
  app.addHook("onClose", () => pageChecker.close());
  app.decorate(
    "exercises",
    createExerciseService({
      db: deps.database.db,
      catalogue: app.catalogue,
      rateLimiter: app.rateLimiter,
      receipts: createTrialReceiptSigner(serverSecret),
      helpSigner: createHelpStateSigner(serverSecret),
      codeRunner: () => app.codeRunner,
      pageChecker,
      now: app.clock,
    }),
  );
  app.decorate("review", createReviewService({ db: deps.database.db, catalogue: app.catalogue }));
  app.decorate(
    "trialTools",
    createTrialTools({
      db: deps.database.db,
      exercises: app.exercises,
      rateLimiter: app.rateLimiter,
      codeRunner: () => app.codeRunner,
    }),
  );
  app.decorate("drafts", createDraftService(deps.database.db));
  app.decorate("account", createAccountService({ db: deps.database.db, rateLimiter: app.rateLimiter }));
  app.decorate(
    "referrals",
    createReferralService({ db: deps.database.db, rateLimiter: app.rateLimiter, log: app.log }),
  );
  app.decorate(
    "contact",
    createContactService({
      db: deps.database.db,
      enqueueMail: (data) => app.jobs.send(MAIL_JOB, data, { key: data.key }),
      rateLimiter: app.rateLimiter,
      supportEmail: config.SUPPORT_EMAIL,
      log: app.log,
    }),
  );
  const queueInvoiceMail = (invoiceId: string) =>
    app.jobs.send(INVOICE_MAIL_JOB, { invoiceId }, { key: invoiceMailKey(invoiceId) });
  app.decorate(
    "payments",
    createPaymentService({
      db: deps.database.db,
      gateway:
        deps.paymentGateway !== undefined
          ? deps.paymentGateway
          : createPaymentGateway(config, deps.database.db, deps.testCheckoutSecret),
      log: app.log,
      queueInvoiceMail,
    }),
  );
  app.decorate(
    "paymentWebhook",
    createWebhookHandler({
      db: deps.database.db,
      secret: config.RAZORPAY_WEBHOOK_SECRET,
      log: app.log,
      queueInvoiceMail,
    }),
  );

  await registerSecurity(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(runRoutes);
      await api.register(sqlExampleRoutes);
      await api.register(authRoutes);
      await api.register(certificateVerifyRoutes);
      // User routes: the scope's onRequest hook authenticates, so every route inside has request.user.
      await api.register(async (user) => {
        user.addHook("onSend", noStore);
        user.addHook("onRequest", authenticate);
        await user.register(enrollmentRoutes);
        await user.register(progressRoutes);
        await user.register(certificateIssueRoutes);
        await user.register(referralRoutes);
        await user.register(paymentRoutes);
        await user.register(quizReceiptRoutes);
        await user.register(exercisePassRoutes);
        await user.register(trialAttemptRoutes);
        await user.register(draftRoutes);
        await user.register(reviewRoutes);
        await user.register(accountRoutes);
      });
      await api.register(paymentWebhookRoutes);
      await api.register(paymentModeRoutes);
      await api.register(contactRoutes);
      await api.register(mentorRoutes);
      await api.register(quizRoutes);
      await api.register(exerciseRoutes);
      await api.register(trialHelpRoutes);
    },
    { prefix: "/api" },
  );
  await metricsRoutes(app, metrics);
  await registerWebApp(app, deps.webDistDir, publicOrigin(config));
  await registerVerifyPage(app, deps.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
