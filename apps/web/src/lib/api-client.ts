import type { z } from "zod";
import { readToken } from "./storage";

/** An API failure carrying the server's `{ message }` (or a readable fallback) and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
}

/** Every call goes to our own /api; the stored token is sent when there is one. */
export async function api<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const init: RequestInit = { method: options.method ?? "GET", headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  const res = await fetch(`/api${path}`, init);
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === "object" && "message" in data && typeof data.message === "string"
        ? data.message
        : `Request failed (${res.status})`;
    throw new ApiError(res.status, message);
  }
  return options.schema ? options.schema.parse(data) : (data as z.infer<S>);
}
