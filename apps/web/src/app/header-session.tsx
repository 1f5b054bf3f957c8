import { NavLink } from "react-router";
import { paths } from "../lib/paths";
import { useSession } from "../lib/session";
import { QueryProvider } from "./query-client";
import { VisitorLinks } from "./visitor-links";

function SessionLinksInCache() {
  const { user, logout } = useSession();
  // The stored token may be refused (expired, revoked): the session then reads as a visitor's.
  if (!user) return <VisitorLinks />;
  return (
    <>
      <li>
        <NavLink to={paths.dashboard}>Dashboard</NavLink>
      </li>
      <li>
        <NavLink to={paths.account}>Account</NavLink>
      </li>
      <li className="greeting">Hail, {user.name}!</li>
      <li>
        <button type="button" className="btn btn-outline btn-small" onClick={logout}>
          Logout
        </button>
      </li>
    </>
  );
}

/** The header's links for a browser holding a token: the session from the app's query cache. */
export default function SessionLinks() {
  return (
    <QueryProvider>
      <SessionLinksInCache />
    </QueryProvider>
  );
}
