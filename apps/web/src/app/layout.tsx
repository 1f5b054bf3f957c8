import { Outlet, ScrollRestoration } from "react-router";
import { FloatingMentor } from "../features/mentor/floating-mentor";
import { DocumentHead } from "./document-head";
import { Footer } from "./footer";
import { Header } from "./header";
import "./layout.css";

/** The shared frame of every page: header, main content, footer and the floating mentor. */
export function Layout() {
  // No Suspense around the page: the router loads each page's module before showing it, and a
  // prerendered page must come out of the build complete, with no boundary left to fill in.
  return (
    <>
      <DocumentHead />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <FloatingMentor />
      <ScrollRestoration />
    </>
  );
}
