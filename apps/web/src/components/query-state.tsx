import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** A failed request: what could not be loaded, and a Retry that asks again (disabled while it does). */
export function QueryError({
  message,
  onRetry,
  retrying = false,
}: {
  message: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <div className="form-message error query-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline btn-small" onClick={() => void onRetry()} disabled={retrying}>
        {retrying ? "Retrying..." : "Retry"}
      </button>
    </div>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown while the first answer is on its way: a sentence, or a node such as the loading screen. */
  loading: ReactNode;
  /** What could not be loaded, for the error state. */
  error: ReactNode;
  /** The empty state, shown when `isEmpty(data)`; leave both out when the data is never empty. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The four states of a read, never confused: loading, error (with Retry), empty and loaded. A
 * failed request never shows the empty state, and an empty answer never shows an error.
 */
export function QueryState<T>({ query, loading, error, empty, isEmpty, children }: QueryStateProps<T>) {
  if (query.isPending) return typeof loading === "string" ? <p role="status">{loading}</p> : loading;
  if (query.isError) return <QueryError message={error} onRetry={query.refetch} retrying={query.isFetching} />;
  if (isEmpty?.(query.data)) return <p className="empty-state">{empty}</p>;
  return children(query.data);
}
