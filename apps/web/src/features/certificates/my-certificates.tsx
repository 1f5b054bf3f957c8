import { useQuery } from "@tanstack/react-query";
import { Award } from "lucide-react";
import { Link } from "react-router";
import { QueryState } from "../../components/query-state";
import { paths } from "../../lib/paths";
import { myCertificatesQuery } from "./api/my-certificates";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The dashboard's list of the learner's certificates, each linking to its public verify page. */
export function MyCertificates({ email }: { email: string }) {
  const query = useQuery(myCertificatesQuery(email));
  return (
    <section aria-labelledby="certificates-title" className="dashboard-section">
      <h2 id="certificates-title">My Certificates</h2>
      <QueryState
        query={query}
        loading="Loading your certificates..."
        error="We could not load your certificates."
        isEmpty={(list) => list.length === 0}
        empty="No certificates yet. Complete every topic of a course to earn one."
      >
        {(certificates) => (
          <ul className="dashboard-grid">
            {certificates.map((cert) => (
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
      </QueryState>
    </section>
  );
}
