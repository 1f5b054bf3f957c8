import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { UnauthenticatedError } from "../../errors.js";
import { type AuthUser, SESSION_INVALID, type SignedInUser } from "./service.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated caller; set by the authenticate hook of the user scope. */
    user: SignedInUser | null;
  }
}

const LOGIN_REQUIRED = "Please log in to continue.";

/**
 * The onRequest hook of the user scope: a route registered inside it only runs for a caller with a
 * genuine, unexpired, unrevoked token, and reads who they are from request.user.
 */
export async function authenticate(this: FastifyInstance, request: FastifyRequest, _reply: FastifyReply) {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new UnauthenticatedError(LOGIN_REQUIRED);
  const user = await this.auth.authenticate(match[1]);
  if (!user) throw new UnauthenticatedError(SESSION_INVALID);
  request.user = user;
}

/** The bearer token of a request inside the user scope (the hook has checked it). */
export function bearerToken(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw new UnauthenticatedError(LOGIN_REQUIRED);
  return match[1];
}

/** The caller inside the user scope (the hook guarantees one), with their account as read at this request. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new UnauthenticatedError(LOGIN_REQUIRED);
  return request.user;
}

/**
 * Optional authentication for public routes: a genuine token identifies the caller, anything else
 * (no header, an expired or revoked token) reads as a visitor.
 */
export async function identify(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  return app.auth.authenticate(match[1]);
}
