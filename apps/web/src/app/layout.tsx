import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingScreen } from "../components/loading-screen";
import { FloatingMentor } from "../features/mentor/floating-mentor";
import { Footer } from "./footer";
import { Header } from "./header";
import "./layout.css";

/** The shared frame of every page: header, main content, footer and the floating mentor. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <FloatingMentor />
      <ScrollRestoration />
    </>
  );
}
