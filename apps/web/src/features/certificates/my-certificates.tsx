import { useQuery } from "@tanstack/react-query";
import { Award } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../lib/paths";
import { myCertificatesQuery } from "./api/my-certificates";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The dashboard's list of the learner's certificates, each linking to its public verify page. */
export function MyCertificates({ email }: { email: string }) {
  const query = useQuery(myCertificatesQuery(email));
  return (
    <section aria-labelledby="certificates-title" className="dashboard-section">
      <h2 id="certificates-title">My Certificates</h2>
      {query.isPending ? (
        <p role="status">Loading your certificates...</p>
      ) : query.isError ? (
        <div className="form-message error" role="alert">
          <p>We could not load your certificates.</p>
          <button type="button" className="btn btn-outline" onClick={() => query.refetch()}>
            Retry
          </button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="empty-state">No certificates yet. Complete every topic of a course to earn one.</p>
      ) : (
        <ul className="dashboard-grid">
          {query.data.map((cert) => (
            <li key={cert.code} className="card dashboard-course">
              <h3>
                <Award aria-hidden="true" size={20} /> {cert.courseTitle}
              </h3>
              <p className="enrolled-date">Issued on {dateFormat.format(new Date(cert.issuedAt))}</p>
              <Link
                to={paths.verify(cert.code)}
                className="btn btn-outline"
                aria-label={`View the ${cert.courseTitle} certificate`}
              >
                View certificate
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
