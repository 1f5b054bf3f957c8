import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { paths } from "../lib/paths";

const isChunkError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Loading chunk|Importing a module script failed/i.test(error.message);

/** The router's fallback: unknown paths and render failures get a themed page inside the layout. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorPage notFound={notFound} chunk={isChunkError(error)} />;
}

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
