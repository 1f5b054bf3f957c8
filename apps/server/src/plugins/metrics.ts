import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { CodeRunner } from "../adapters/code-runner/types.js";
import { NotFoundError, UnauthenticatedError } from "../errors.js";

/**
 * Prometheus metrics (prom-client) at GET /metrics, only for `Authorization: Bearer $METRICS_TOKEN`;
 * without METRICS_TOKEN the route answers 404 as if it did not exist. One registry per app, so
 * tests that build several apps do not share counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "koc_" });
  const requests = new Counter({
    name: "koc_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "koc_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 3, 5, 10],
    registers: [registry],
  });
  const runTime = new Histogram({
    name: "koc_runner_run_duration_seconds",
    help: "Time a code run or a trial's graded cases took, waiting for a slot included",
    labelNames: ["kind", "outcome"] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30],
    registers: [registry],
  });
  let inFlightRuns = 0;
  new Gauge({
    name: "koc_runner_in_flight",
    help: "Code runs waiting for a runner slot or running, on this instance",
    registers: [registry],
    collect() {
      this.set(inFlightRuns);
    },
  });
  const jobRunTime = new Histogram({
    name: "koc_job_run_duration_seconds",
    help: "Time a background job took, by queue and outcome",
    labelNames: ["queue", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });

  return {
    registry,
    jobRan(queue: string, seconds: number, ok: boolean) {
      jobRunTime.observe({ queue, outcome: ok ? "ok" : "failed" }, seconds);
    },
    /** The same runner, with each run's time and the number in flight counted. */
    instrumentRunner(runner: CodeRunner): CodeRunner {
      const timed =
        <A, R>(kind: string, fn: (arg: A) => Promise<R>) =>
        async (arg: A): Promise<R> => {
          inFlightRuns += 1;
          const end = runTime.startTimer({ kind });
          let outcome = "error";
          try {
            const result = await fn(arg);
            outcome = "ok";
            return result;
          } finally {
            inFlightRuns -= 1;
            end({ outcome });
          }
        };
      return {
        get engine() {
          return runner.engine;
        },
        status: () => runner.status(),
        run: timed("run", (job) => runner.run(job)),
        runCases: timed("cases", (job) => runner.runCases(job)),
        runTests: timed("tests", (job) => runner.runTests(job)),
        close: () => runner.close(),
      };
    },
    /** Request rate and latency by route pattern (unmatched paths share one label). */
    register(app: FastifyInstance) {
      app.addHook("onResponse", async (request, reply) => {
        const route = request.routeOptions.url ?? "unmatched";
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      });
      new Gauge({
        name: "koc_jobs_queued",
        help: "Background jobs waiting to run (new or waiting for a retry), by queue, all instances",
        labelNames: ["queue"] as const,
        registers: [registry],
        async collect() {
          this.reset();
          if (!app.jobs.started) return;
          for (const row of await app.jobs.depth()) this.set({ queue: row.name }, row.queued);
        },
      });
      new Gauge({
        name: "koc_jobs_active",
        help: "Background jobs running now, by queue, all instances",
        labelNames: ["queue"] as const,
        registers: [registry],
        async collect() {
          this.reset();
          if (!app.jobs.started) return;
          for (const row of await app.jobs.depth()) this.set({ queue: row.name }, row.active);
        },
      });
      new Gauge({
        name: "koc_db_pool_connections",
        help: "Database connections of this instance by state (PGlite: one connection)",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const stats = app.database.poolStats();
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting_clients" }, stats.waiting);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const digest = (s: string) => createHash("sha256").update(s).digest();

/** The /metrics route: 404 without METRICS_TOKEN, 401 without the right bearer token. */
export async function metricsRoutes(app: FastifyInstance, metrics: Metrics) {
  app.get("/metrics", { logLevel: "warn", compress: false }, async (request, reply) => {
    const expected = app.config.METRICS_TOKEN;
    if (!expected) throw new NotFoundError("Not found");
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    // Compared as digests in constant time, so the answer's timing tells nothing about the token.
    if (!timingSafeEqual(digest(given), digest(expected)))
      throw new UnauthenticatedError("A metrics token is required");
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
