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

  app.get("/ready", { schema: { response: { 200: readyBody, 503: errorBody } } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: "ready" as const, database: app.database.engine };
    } catch (err) {
      app.log.warn({ err }, "readiness check failed");
      return reply.status(503).send({ message: "Database is not answering" });
    }
  });
};
