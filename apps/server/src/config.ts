import { z } from "zod";

const optionalUrl = z.url().optional();

/**
 * TRUST_PROXY: unset or "false" trusts no proxy (request.ip is the socket's peer, X-Forwarded-* are
 * ignored); a whole number trusts that many hops; otherwise a comma list of proxy addresses or CIDRs.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = value?.trim();
    if (!v || v === "false" || v === "0") return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.some((a) => !/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(a))) {
      ctx.addIssue({ code: "custom", message: "must be a hop count or a comma list of proxy addresses" });
      return z.NEVER;
    }
    return list;
  });

/** Every environment variable the server reads, parsed once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Where the server listens: loopback unless set (HOST=0.0.0.0 listens on every interface). */
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * A built catalogue (JSON, as `npm run build` writes content/dist/catalogue.json) to seed from;
   * unset: content/dist/catalogue.json when built, else content/ read and validated at start.
   */
  CATALOGUE_FILE: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Origin of the links the server writes (reset links); required in production, never taken from headers. */
  PUBLIC_ORIGIN: z
    .url()
    .regex(/^https?:\/\/[^/?#]+\/?$/, "must be an origin such as https://example.com (no path)")
    .optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** json (one JSON object a line, for log shippers) or pretty (pino-pretty; npm start in a terminal). */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** Signs login tokens; generated and kept in DATA_DIR when absent, required in production. */
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** smtp://user:pass@host:587 or smtps://...; without it mail goes to the outbox (database + log). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Kingdom of Code <no-reply@kingdomofcode.dev>"),
  /** Where contact-form notifications go. */
  SUPPORT_EMAIL: z.email().default("support@kingdomofcode.dev"),
  /** redis://host:6379; shared rate-limit counters across instances. Without it, in-process memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** Java execution: auto (local sandbox when a JDK is found), local, judge0, off (simulated). */
  CODE_RUNNER: z.enum(["auto", "local", "judge0", "off"]).default("auto"),
  JUDGE0_URL: optionalUrl,
  /**
   * The uid of the local sandbox's first run slot (nobody, 65534); slot n runs as base - n. Each
   * instance sharing a host takes its own base (65534, 65526, ...), since RLIMIT_NPROC counts per uid.
   */
  RUNNER_UID_BASE: z.coerce.number().int().min(65000).max(65534).default(65534),
  /** Razorpay API keys; both set means real payments, neither means the test checkout. */
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  /**
   * The test checkout (no Razorpay keys: premium for a click) is on only while the server listens on
   * loopback; TEST_CHECKOUT=1 turns it on anywhere else on purpose, TEST_CHECKOUT=0 turns it off.
   */
  TEST_CHECKOUT: z.enum(["0", "1"]).optional(),
  /**
   * Test mode of the review deck's clock: with 1, a request's X-Test-Clock-Days header moves the
   * review routes' "now" that many days ahead (end-to-end tests of "due tomorrow"). Never in production.
   */
  TEST_CLOCK: z.enum(["0", "1"]).optional(),
  /** Checks the X-Razorpay-Signature of webhooks at /api/payment/webhook. */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Razorpay's API base; tests point it at a local fake. */
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),
  /** Mentor model: base URL of any OpenAI-compatible API (…/v1); without it Kattappa answers from the lessons. */
  MENTOR_LLM_URL: optionalUrl,
  MENTOR_LLM_MODEL: z.string().min(1).max(200).optional(),
  /** Sent as a Bearer token; optional for local servers such as Ollama. */
  MENTOR_LLM_KEY: z.string().min(1).optional(),
  /** A background job running longer than this is taken as lost (its process died) and retried. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Bearer token that /metrics requires; unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws naming the variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  if (result.data.NODE_ENV === "production" && !result.data.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: is required when NODE_ENV=production");
  }
  if (result.data.NODE_ENV === "production" && !result.data.PUBLIC_ORIGIN) {
    throw new ConfigError("Invalid configuration:\n  PUBLIC_ORIGIN: is required when NODE_ENV=production");
  }
  if (result.data.NODE_ENV === "production" && result.data.TEST_CHECKOUT === "1") {
    throw new ConfigError("Invalid configuration:\n  TEST_CHECKOUT: cannot be 1 when NODE_ENV=production");
  }
  if (result.data.NODE_ENV === "production" && result.data.TEST_CLOCK === "1") {
    throw new ConfigError("Invalid configuration:\n  TEST_CLOCK: cannot be 1 when NODE_ENV=production");
  }
  if (result.data.CODE_RUNNER === "judge0" && !result.data.JUDGE0_URL) {
    throw new ConfigError("Invalid configuration:\n  JUDGE0_URL: is required when CODE_RUNNER=judge0");
  }
  if (Boolean(result.data.RAZORPAY_KEY_ID) !== Boolean(result.data.RAZORPAY_KEY_SECRET)) {
    const missing = result.data.RAZORPAY_KEY_ID ? "RAZORPAY_KEY_SECRET" : "RAZORPAY_KEY_ID";
    throw new ConfigError(`Invalid configuration:\n  ${missing}: is required when the other Razorpay key is set`);
  }
  if (result.data.MENTOR_LLM_URL && !result.data.MENTOR_LLM_MODEL) {
    throw new ConfigError("Invalid configuration:\n  MENTOR_LLM_MODEL: is required when MENTOR_LLM_URL is set");
  }
  return result.data;
}

/** TRUST_PROXY as Fastify's trustProxy option (a hop count becomes "trust the first N hops"). */
export function fastifyTrustProxy(config: Config): false | string[] | ((address: string, hop: number) => boolean) {
  const value = config.TRUST_PROXY;
  if (typeof value !== "number") return value;
  return (_address, hop) => hop < value;
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || h === "::ffff:127.0.0.1";
}

/**
 * Whether premium can be had from the test checkout: only without Razorpay keys, never in
 * production, and only on loopback unless TEST_CHECKOUT=1 says so on purpose.
 */
export function testCheckoutOn(config: Config): boolean {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return false;
  if (config.NODE_ENV === "production" || config.TEST_CHECKOUT === "0") return false;
  return config.TEST_CHECKOUT === "1" || isLoopback(config.HOST);
}
