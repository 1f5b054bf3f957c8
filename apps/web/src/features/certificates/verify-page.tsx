import { useQuery } from "@tanstack/react-query";
import { BadgeCheck, ShieldX } from "lucide-react";
import { Link, useParams } from "react-router";
import { paths } from "../../lib/paths";
import { certificateQuery } from "./api/get-certificate";
import "./verify.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

export default function VerifyPage() {
  const { code = "" } = useParams();
  const query = useQuery(certificateQuery(code));

  return (
    <section className="container page verify-page" aria-labelledby="verify-title">
      <h1 id="verify-title">Certificate Verification</h1>
      <p className="verify-code">
        Verification code: <code>{code}</code>
      </p>
      {query.isPending ? (
        <p role="status">Checking the royal records...</p>
      ) : query.isError ? (
        <p className="form-message error" role="alert">
          We could not reach the royal records just now. Please try again in a moment.
        </p>
      ) : query.data ? (
        <div className="card verify-result verify-genuine" role="status">
          <h2>
            <BadgeCheck aria-hidden="true" /> Genuine certificate
          </h2>
          <p>
            This certifies that <strong className="verify-name">{query.data.name}</strong> completed the course{" "}
            <strong className="verify-course">{query.data.courseTitle}</strong> on{" "}
            <time dateTime={query.data.issuedAt}>{dateFormat.format(new Date(query.data.issuedAt))}</time>.
          </p>
          <p>
            Issued by Kingdom of Code. <Link to={paths.course(query.data.courseId)}>View the course</Link>
          </p>
        </div>
      ) : (
        <div className="card verify-result verify-unknown" role="status">
          <h2>
            <ShieldX aria-hidden="true" /> No certificate found
          </h2>
          <p>
            No certificate has this verification code. Check that it was typed exactly as printed; if it was, this
            certificate is not genuine.
          </p>
        </div>
      )}
    </section>
  );
}
