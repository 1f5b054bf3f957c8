import { NavLink } from "react-router";
import { paths } from "../lib/paths";

/** Login and Register: the header's links for a visitor (and while a learner's session loads). */
export function VisitorLinks() {
  return (
    <>
      <li>
        <NavLink to={paths.login}>Login</NavLink>
      </li>
      <li>
        <NavLink to={paths.register} className="btn btn-small nav-cta">
          Register
        </NavLink>
      </li>
    </>
  );
}
