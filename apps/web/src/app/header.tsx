import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Crest } from "../assets/kingdom-art";
import { paths } from "../lib/paths";
import { useSignedIn } from "../lib/signed-in";
import { VisitorLinks } from "./visitor-links";

/** A signed-in learner's links read the session (a query): loaded only when a token is held. */
const SessionLinks = lazy(() => import("./header-session"));

const mainLinks = [
  { to: paths.home, label: "Home" },
  { to: paths.about, label: "About" },
  { to: paths.courses, label: "Courses" },
  { to: paths.mentor, label: "Kattappa" },
  { to: paths.contact, label: "Contact" },
];

export function Header() {
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the route changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the open mobile menu and returns focus to its toggle.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to={paths.home} className="brand" aria-label="Kingdom of Code, home">
          <Crest size={40} />
          <span className="brand-name">
            Kingdom <span className="brand-of">of</span> Code
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <nav id="site-nav" className={`site-nav${menuOpen ? " open" : ""}`} aria-label="Main">
          <ul>
            {mainLinks.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === paths.home}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            {signedIn ? (
              <Suspense fallback={<VisitorLinks />}>
                <SessionLinks />
              </Suspense>
            ) : (
              <VisitorLinks />
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
