import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../lib/paths";

const isChunkError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Loading chunk|Importing a module script failed/i.test(error.message);

interface BoundaryProps {
  /** The page's path: moving to another page clears a failure. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/**
 * The pages' fallback (React's error boundary): a page that fails to load or to render shows a
 * themed error inside the layout, and the header still leads elsewhere.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Page failed:", error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorPage notFound={false} chunk={isChunkError(this.state.error)} />;
    return this.props.children;
  }
}

/** Unknown paths: a themed page inside the layout. */
export function NotFoundPage() {
  return <ErrorPage notFound chunk={false} />;
}

function ErrorPage({ notFound, chunk }: { notFound: boolean; chunk: boolean }) {
  return (
    <section className="container page error-page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-detail">
        {notFound
          ? "404 Not Found: this path leads nowhere in the kingdom."
          : chunk
            ? "Loading chunk failed. A new version of the kingdom may have been deployed."
            : "Something broke on this page. The royal engineers have been summoned."}
      </p>
      <p>
        {chunk ? (
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        ) : (
          <Link className="btn" to={paths.home}>
            Return to the castle
          </Link>
        )}
      </p>
    </section>
  );
}
