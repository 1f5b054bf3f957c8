import type { z } from "zod";
import { ApiError } from "./api-error";
import { readToken } from "./storage";
import "./zod-config";

// The error type lives in its own module so that the session (on every page) can test for it
// without loading the request code and zod.
export { ApiError, isNotFound } from "./api-error";

export interface RequestOptions<S extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** The shared zod contract of the answer: every answer is parsed, never cast (`noContent` for a 204). */
  schema: S;
  signal?: AbortSignal;
  /** Extra request headers (a visitor's signed trial help state). */
  headers?: Record<string, string>;
}

/** Sends a request to our own origin with the stored token; a failure throws ApiError with the server's message. */
async function send(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
  const token = readToken();
  if (token) init.headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, init);
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    const message =
      data && typeof data === "object" && "message" in data && typeof data.message === "string"
        ? data.message
        : `Request failed (${res.status})`;
    throw new ApiError(res.status, message);
  }
  return res;
}

/** The request never reached the server (offline, connection dropped): fetch rejects with a TypeError. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}

/**
 * Every call goes to our own /api; the stored token is sent when there is one; the answer is parsed
 * with `schema`. A GET that cannot reach the server is answered from the learner's saved copy of
 * that path when they saved one (lib/offline, docs/decisions/0029-offline-learning.md).
 */
export async function api<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { ...options.headers, accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const method = options.method ?? "GET";
  const init: RequestInit & { headers: Record<string, string> } = { method, headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  let res: Response;
  try {
    res = await send(`/api${path}`, init);
  } catch (err) {
    if (method !== "GET" || !isNetworkFailure(err)) throw err;
    const saved = await import("./offline/store").then((store) => store.readSavedAnswer(path)).catch(() => undefined);
    if (saved === undefined) throw err;
    return options.schema.parse(saved);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  return options.schema.parse(data);
}

/**
 * Sends a request whose answer is read as it arrives (Server-Sent Events): a refusal throws ApiError
 * like `api()`; the caller parses every event with the shared contract.
 */
export async function apiStream(
  path: string,
  options: { method?: "POST"; body: unknown; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<ReadableStream<string>> {
  const headers: Record<string, string> = {
    ...options.headers,
    accept: "text/event-stream",
    "content-type": "application/json",
  };
  const init: RequestInit & { headers: Record<string, string> } = {
    method: options.method ?? "POST",
    headers,
    body: JSON.stringify(options.body),
  };
  if (options.signal) init.signal = options.signal;
  const res = await send(`/api${path}`, init);
  if (!res.body) throw new Error("The answer arrived without a body.");
  return res.body.pipeThrough(new TextDecoderStream());
}

/**
 * Downloads an owner-only file (an invoice, a certificate) with the login token and hands it to the
 * browser as a download: a plain link could not carry the token.
 */
export async function downloadFile(url: string, fileName: string, accept = "application/pdf"): Promise<void> {
  const res = await send(url, { headers: { accept } });
  const objectUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = objectUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
