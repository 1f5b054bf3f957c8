import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One log line per request, when it completes, with the request (method, path without its query,
 * address), the status and the time: Fastify's default writes two (incoming and completed), and
 * that second line cost about as much as serving a catalogue answer. Everything else (request
 * errors, 404s, stream errors) is logged as Fastify does.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
