import { authResponse, type LoginRequest, messageBody, type RegisterRequest } from "@koc/shared";
import { ApiError, api } from "../../../lib/api-client";

export const loginCall = (body: LoginRequest) => api("/auth/login", { method: "POST", body, schema: authResponse });

export const registerCall = (body: RegisterRequest) =>
  api("/auth/register", { method: "POST", body, schema: authResponse });

export const forgotPasswordCall = (email: string) =>
  api("/auth/forgot-password", { method: "POST", body: { email }, schema: messageBody });

export const resetPasswordCall = (token: string, password: string) =>
  api("/auth/reset-password", { method: "POST", body: { token, password }, schema: messageBody });

/** The server's message when it sent one, else the page's own fallback (e.g. Login failed). */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && !/^Request failed \(\d+\)$/.test(err.message)) return err.message;
  return fallback;
}
