/** An API failure carrying the server's `{ message }` (or a readable fallback) and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A 404 from the API: the thing asked for does not exist (as opposed to a request that failed). */
export const isNotFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;
