import { errorBody, healthBody, readyBody } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A few bytes: nothing to compress, no body to decompress.
  // Probes call this every few seconds: no access-log line for it (failures are still logged).
  app.get(
    "/health",
    { compress: false, decompress: false, logLevel: "warn", schema: { response: { 200: healthBody } } },
    () => ({
      status: "ok" as const,
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  // For a load balancer or Kubernetes: take traffic only while the database and the runner answer.
  app.get("/ready", { schema: { response: { 200: readyBody, 503: errorBody } } }, async (_request, reply) => {
    try {
      await app.database.ping();
    } catch (err) {
      app.log.warn({ err }, "readiness check failed: database");
      return reply.status(503).send({ message: "Database is not answering" });
    }
    try {
      // status() waits for a runner still starting (JDK probe, warm compilers) and asks Judge0 for its
      // versions; an answer within the probe's patience means runs can be served.
      const status = await withTimeout(app.codeRunner.status(), READY_RUNNER_TIMEOUT_MS);
      return { status: "ready" as const, database: app.database.engine, runner: status.engine };
    } catch (err) {
      app.log.warn({ err }, "readiness check failed: code runner");
      return reply.status(503).send({ message: "The code runner is not answering" });
    }
  });
};

const READY_RUNNER_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
