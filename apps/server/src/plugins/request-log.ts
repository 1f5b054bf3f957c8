import type { FastifyInstance } from "fastify";

/**
 * One log line per request, when it completes (method, path without query, address, status,
 * time): Fastify's own request logging writes two (incoming and completed), which cost as much as
 * serving a catalogue answer. Used with `disableRequestLogging: true`; off below level info.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // Without a logger Fastify's stand-in has no isLevelEnabled.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  if (!log.isLevelEnabled?.("info")) return;
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    done();
  });
}
