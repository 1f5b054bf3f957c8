import { type ComponentType, createElement, lazy } from "react";
import { matchRoutes, type RouteObject, useLocation, useRoutes } from "react-router";
import { PageHeadTags } from "../components/page-head";
import { defaultHead, heads, type PageHead, type RouteHead, resolveHead, routeCourseHead } from "./head";
import { Layout } from "./layout";
import { NotFoundPage } from "./route-error";

/**
 * Every page module, loaded lazily so the first page ships little JavaScript: a feature's page, or
 * its module in app/pages where the app shell fills the slots it shows from other features.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>(["../features/*/*-page.tsx", "./pages/*-page.tsx"]);

/** A route's `handle`: where its page lives, its head, and whether it is prerendered. */
export interface RouteHandle {
  /** The page module, as Vite's manifest names it ("src/features/home/home-page.tsx"). */
  module: string;
  /** A head derived from data (a function) is rendered by the page itself once it has that data. */
  head?: RouteHead;
  /** Public pages are prerendered to HTML at build time (scripts/prerender.mjs); the rest render in the browser. */
  prerender?: true;
  /** Loads the page's module ahead of its first render. */
  preload: () => Promise<void>;
}

/**
 * A page component that loads its module on first render, or earlier through `preload`. Once
 * loaded it renders at once, with nothing to suspend: the browser preloads the first page before
 * hydrating it (main.tsx), so the first render is exactly the prerendered HTML.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, queries: boolean) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const resolve = (): Promise<ComponentType> => {
    pending ??= Promise.all([load(), queries ? import("./query-client") : undefined]).then(
      ([module, cache]) => {
        const Loaded = module.default;
        loaded = cache ? () => createElement(cache.QueryProvider, null, createElement(Loaded)) : Loaded;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await resolve() }));
  function Page() {
    return createElement(loaded ?? Lazy);
  }
  return {
    Page,
    preload: async () => {
      await resolve();
    },
  };
}

interface PageOptions {
  head?: RouteHead;
  /**
   * Whether the page reads the query cache (true unless said): its module then loads with
   * TanStack Query and renders inside the cache's provider. The home page reads none, so a
   * visitor's first page ships without it.
   */
  queries?: false;
  /** Addresses that show the same page (not remounted), such as a course's lessons. */
  children?: RouteObject[];
}

/**
 * A route showing `features/{name}.tsx`, or `app/{name}.tsx` for a name under `pages/`; with a head,
 * a public page prerendered at build time.
 */
function page(path: string, name: string, { head, children, queries }: PageOptions = {}): RouteObject {
  const inApp = name.startsWith("pages/");
  const key = inApp ? `./${name}.tsx` : `../features/${name}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`No page module ${key}`);
  const { Page, preload } = lazyPage(load, queries !== false);
  const handle: RouteHandle = {
    module: inApp ? `src/app/${name}.tsx` : `src/features/${name}.tsx`,
    preload,
    ...(head ? { head, prerender: true } : {}),
  };
  return { path, handle, Component: Page, ...(children ? { children } : {}) };
}

/**
 * Every route of the app: the one source of truth for the browser (main.tsx) and for the
 * build-time prerender (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      page("/", "home/home-page", { head: heads.home, queries: false }),
      page("/about", "about/about-page", { head: heads.about }),
      page("/courses", "pages/courses-page", { head: heads.courses }),
      // A lesson's address shows the same page (not remounted: the child has no element of its own),
      // with that lesson open. It is not prerendered: the server answers it with the client-rendered
      // shell, and the page sets its title once the lesson list is at hand.
      page("/course/:id", "pages/course-page", { head: routeCourseHead, children: [{ path: "lesson/:materialId" }] }),
      page("/contact", "contact/contact-page", { head: heads.contact }),
      page("/kattappa", "mentor/mentor-page", { head: heads.mentor }),
      page("/kattappa-test", "mentor/mentor-test-page"),
      page("/playground", "code-editor/playground-page"),
      page("/login", "auth/login-page"),
      page("/register", "pages/register-page"),
      page("/forgot-password", "auth/forgot-password-page"),
      page("/reset-password", "auth/reset-password-page"),
      page("/dashboard", "pages/dashboard-page"),
      page("/review", "review/review-page"),
      page("/account", "pages/account-page"),
      page("/verify/:code", "certificates/verify-page"),
      page("/terms", "legal/terms-page", { head: heads.terms }),
      page("/refund-policy", "legal/refund-policy-page", { head: heads.refundPolicy }),
      page("/shipping", "legal/shipping-page", { head: heads.shipping }),
      page("/privacy", "legal/privacy-page", { head: heads.privacy }),
      { path: "*", Component: NotFoundPage },
    ],
  },
];

/** The routes a path matches, outermost first, each with its handle (none for the layout and *). */
export function matchPage(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((match) => ({
    params: match.params,
    handle: match.route.handle as RouteHandle | undefined,
  }));
}

/** Loads the modules of the pages a path shows, so that they render without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all(matchPage(pathname).map((match) => match.handle?.preload()));
}

/**
 * The head of a path from its route's handle, where that head is fixed or derived from data the
 * caller has (`cached`); the default head otherwise.
 */
export function headFor(pathname: string, cached: (key: readonly unknown[]) => unknown = () => undefined): PageHead {
  const match = matchPage(pathname)
    .reverse()
    .find((m) => m.handle?.head);
  return match ? resolveHead(match.handle?.head, match.params, cached) : defaultHead;
}

/** Whether the page at a path renders its own head (one derived from its data, such as a course's). */
const pageOwnsHead = (pathname: string) => matchPage(pathname).some((m) => typeof m.handle?.head === "function");

/** The app's pages for the current location, with the document's head kept in step. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      {!pageOwnsHead(pathname) && <PageHeadTags head={headFor(pathname)} />}
      {useRoutes(routes)}
    </>
  );
}
