import { messageBody } from "@koc/shared";

/**
 * POST /api/auth/logout with the token being left: the server revokes it, so a copy of it stops
 * working too. Sent with the token itself because the browser has already forgotten it.
 */
export async function revokeSession(token: string): Promise<void> {
  const res = await fetch("/api/auth/logout", {
    method: "POST",
    headers: { accept: "application/json", authorization: `Bearer ${token}` },
  });
  // 401: the session had already ended (expired, or ended everywhere); nothing is left to revoke.
  if (res.ok) messageBody.parse(await res.json());
}
