import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * onSend hook for scopes whose answers hold a token or personal data (auth routes, the user scope):
 * no browser, proxy or CDN may keep a copy. Registered on the scope, so routes added later get it.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header("cache-control", "no-store");
  reply.header("pragma", "no-cache");
  return payload;
}
