import { type SqlExampleRequest, type SqlExampleResult, sqlExampleResult } from "@koc/shared";
import { api } from "../api-client";

/** The browser knows it has no connection: the example is not sent at all. */
export class OfflineError extends Error {
  constructor() {
    super("offline");
  }
}

/**
 * POST /api/sql/examples: a SQL lesson's example on the lesson's tables, in a throw-away database on
 * our server (decision 0033). A SQL error is an answer (status "error"), not a thrown error.
 */
export function runSqlExample(body: SqlExampleRequest): Promise<SqlExampleResult> {
  if (navigator.onLine === false) return Promise.reject(new OfflineError());
  return api("/sql/examples", { method: "POST", body, schema: sqlExampleResult });
}
