import { useQuery } from "@tanstack/react-query";
import { BadgeCheck, Link2, Share2, ShieldX } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { paths } from "../../lib/paths";
import { certificateQuery } from "./api/get-certificate";
import { copyText, linkedInAddUrl } from "./linkedin";
import "./verify.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

export default function VerifyPage() {
  const { code = "" } = useParams();
  const query = useQuery(certificateQuery(code));
  const [copied, setCopied] = useState<string | null>(null);

  return (
    <section className="container page verify-page" aria-labelledby="verify-title">
      <h1 id="verify-title">Certificate Verification</h1>
      <p className="verify-code">
        Verification code: <code>{code}</code>
      </p>
      {query.isPending ? (
        <p role="status">Checking the royal records...</p>
      ) : query.isError ? (
        <div className="form-message error" role="alert">
          <p>We could not reach the royal records just now. Please try again in a moment.</p>
          <button type="button" className="btn btn-outline" onClick={() => query.refetch()}>
            Retry
          </button>
        </div>
      ) : query.data ? (
        <div className="card verify-result verify-genuine" role="status">
          <h2 className="verify-genuine-title">
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
          <div className="verify-actions">
            <a className="btn" href={linkedInAddUrl(query.data)} target="_blank" rel="noopener noreferrer">
              <Share2 aria-hidden="true" size={18} /> Add to LinkedIn
            </a>
            <button
              type="button"
              className="btn btn-outline"
              onClick={async () => {
                const url = query.data?.verifyUrl ?? window.location.href;
                setCopied((await copyText(url)) ? "Link copied" : `Copy this link: ${url}`);
              }}
            >
              <Link2 aria-hidden="true" size={18} /> Copy link
            </button>
          </div>
          <p className="verify-copied" aria-live="polite">
            {copied}
          </p>
        </div>
      ) : (
        <div className="card verify-result verify-unknown" role="status">
          <h2>
            <ShieldX aria-hidden="true" /> No certificate with this code
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
