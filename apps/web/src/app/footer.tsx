import { AtSign, Briefcase, Camera, MonitorPlay, Send, Users } from "lucide-react";
import { Link } from "react-router";
import { Crest } from "../assets/kingdom-art";
import { useHydrated } from "../lib/hydration";
import { paths } from "../lib/paths";

export const SOCIAL_LINKS = [
  { href: "https://x.com/kingdomofcode", label: "Kingdom of Code on X (microblog)", Icon: AtSign },
  { href: "https://www.facebook.com/kingdomofcode", label: "Kingdom of Code on Facebook", Icon: Users },
  {
    href: "https://www.linkedin.com/groups/kingdom-of-code",
    label: "Kingdom of Code LinkedIn community group",
    Icon: Briefcase,
  },
  { href: "https://t.me/kingdomofcode", label: "Kingdom of Code Telegram channel", Icon: Send },
  { href: "https://www.youtube.com/@kingdomofcode", label: "Kingdom of Code YouTube channel", Icon: MonitorPlay },
  { href: "https://www.instagram.com/kingdomofcode", label: "Kingdom of Code on Instagram", Icon: Camera },
] as const;

const legalLinks = [
  { to: paths.terms, label: "Terms of Service" },
  { to: paths.privacy, label: "Privacy Policy" },
  { to: paths.refundPolicy, label: "Refund Policy" },
  { to: paths.shipping, label: "Shipping Policy" },
  { to: paths.contact, label: "Contact Us" },
];

export function Footer() {
  // The visitor's clock, not the build's: the prerendered HTML and the hydrating render leave the
  // year out (they must match, and a page built last year is still served this year).
  const hydrated = useHydrated();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <Crest size={36} /> Kingdom of Code
          </p>
          <p className="footer-tagline">Train like a warrior. Code like a king.</p>
        </div>
        <nav aria-label="Legal and contact">
          <h2 className="footer-heading">The Royal Decrees</h2>
          <ul className="footer-links">
            {legalLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Follow the Kingdom</h2>
          <ul className="social-links" aria-label="Follow the kingdom">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  className="icon-ring"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  title={label}
                >
                  <Icon aria-hidden="true" size={22} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container footer-copy">
        © {hydrated ? new Date().getFullYear() : ""} Kingdom of Code. All rights reserved.
      </p>
    </footer>
  );
}
