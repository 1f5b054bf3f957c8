import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { courseHead, heads, type RouteHead } from "./head";
import { Layout } from "./layout";
import { NotFoundPage, RouteError } from "./route-error";

/** Every page module, loaded lazily so the first page ships little JavaScript. */
const pageModules = import.meta.glob<{ default: ComponentType }>("../features/*/*-page.tsx");

/** A route's `handle`: where its page lives, its head, and whether it is prerendered. */
export interface RouteHandle {
  /** The page module, as Vite's manifest names it ("src/features/home/home-page.tsx"). */
  module: string;
  head?: RouteHead;
  /** Public pages are prerendered to HTML at build time (scripts/prerender.mjs); the rest render in the browser. */
  prerender?: true;
}

/** A route showing `features/{name}.tsx`; with a head, a public page prerendered at build time. */
function page(path: string, name: string, head?: RouteHead): RouteObject {
  const key = `../features/${name}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`No page module ${key}`);
  const handle: RouteHandle = { module: `src/features/${name}.tsx`, ...(head ? { head, prerender: true } : {}) };
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}

/**
 * Every route of the app: the one source of truth for the browser router (main.tsx) and for the
 * build-time prerender (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          page("/", "home/home-page", heads.home),
          page("/about", "about/about-page", heads.about),
          page("/courses", "courses/courses-page", heads.courses),
          page("/course/:id", "course/course-page", courseHead),
          page("/contact", "contact/contact-page", heads.contact),
          page("/kattappa", "mentor/mentor-page", heads.mentor),
          page("/kattappa-test", "mentor/mentor-test-page"),
          page("/playground", "code-editor/playground-page"),
          page("/login", "auth/login-page"),
          page("/register", "auth/register-page"),
          page("/forgot-password", "auth/forgot-password-page"),
          page("/reset-password", "auth/reset-password-page"),
          page("/dashboard", "dashboard/dashboard-page"),
          page("/verify/:code", "certificates/verify-page"),
          page("/terms", "legal/terms-page", heads.terms),
          page("/refund-policy", "legal/refund-policy-page", heads.refundPolicy),
          page("/shipping", "legal/shipping-page", heads.shipping),
          page("/privacy", "legal/privacy-page", heads.privacy),
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];
