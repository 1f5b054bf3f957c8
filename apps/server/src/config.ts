import { z } from "zod";

const optionalUrl = z.url().optional();

/** Every environment variable the server reads, parsed once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_ORIGIN: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  if (result.data.CODE_RUNNER === "judge0" && !result.data.JUDGE0_URL) {
    throw new ConfigError("Invalid configuration:\n  JUDGE0_URL: is required when CODE_RUNNER=judge0");
  }
  return result.data;
}
