/**
 * The build-time prerender's entry (built by `vite build --ssr`, run by scripts/prerender.mjs):
 * renders one public page to HTML with React Router's static router and the real catalogue
 * already in the query cache, exactly as the browser will hydrate it (main.tsx).
 */
import { defaultShouldDehydrateQuery, dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { type PageHead, SITE_NAME } from "../lib/page-head";
import { isKept } from "../lib/query-persister";
import { AppRoot } from "./app-root";
import { publicCatalogue } from "./prerender-catalogue";
import { PRELOAD_ID, PRERENDER_STATE_ID } from "./prerender-state";
import { createQueryClient } from "./query-client";
import type { RouteHandle } from "./router";
import { AppRoutes, headFor, matchPage, preloadPage, routes } from "./router";

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  head: PageHead;
  /** The dehydrated query cache the browser starts from. */
  state: unknown;
  /** The modules (source paths) the page renders, for modulepreload and their CSS. */
  modules: string[];
}

/** Query key and answer pairs the page starts with (the API's answers for a visitor). */
export type Seed = [readonly unknown[], unknown][];

/** The paths of routes that are prerendered, as patterns ("/course/:id"). */
export const prerenderedPatterns = (): string[] =>
  routes.flatMap(function walk(route): string[] {
    const own = (route.handle as RouteHandle | undefined)?.prerender && route.path ? [route.path] : [];
    return [...own, ...(route.children ?? []).flatMap(walk)];
  });

export async function renderPage(path: string, seed: Seed): Promise<RenderedPage> {
  // As main.tsx does before hydrating: every page module at hand, so the render suspends nowhere.
  await preloadPage(path);
  const handles = matchPage(path).flatMap((m) => (m.handle ? [m.handle] : []));
  if (handles.length === 0) throw new Error(`${path}: no page matches`);
  const client = createQueryClient();
  for (const [key, data] of seed) client.setQueryData(key, data);

  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={client}>
      <AppRoot>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>
    </QueryClientProvider>,
    { onError: (error) => console.error(`${path}:`, error) },
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  // React writes a script when part of the page was not ready in one pass; our CSP runs no inline
  // script, so such a page would never finish in the browser.
  if (html.includes("<script")) throw new Error(`${path}: the prerendered page holds an inline script`);

  return {
    html,
    head: headFor(path, (key) => client.getQueryData(key)),
    // The catalogue only: the session and progress a page starts with come from the browser.
    state: dehydrate(client, { shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) && !isKept(q) }),
    modules: handles.map((h) => h.module),
  };
}

/**
 * Canonical and Open Graph URLs are absolute; the build does not know where the site will live, so
 * it writes this origin and the server puts PUBLIC_ORIGIN in its place when it loads the pages
 * (apps/server/src/plugins/web-app.ts).
 */
export const ORIGIN_PLACEHOLDER = "https://origin.koc.invalid";

/** Vite's build manifest, as far as the prerender reads it. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; css?: string[]; imports?: string[] }>;

/** The head of a prerendered page, rendered by React like the rest of it. */
function HeadTags({ head, path, fonts, styles }: HeadTagsProps) {
  const url = `${ORIGIN_PLACEHOLDER}${path === "/" ? "/" : path}`;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={url} />
      {head.og && (
        <>
          <meta property="og:type" content={head.og.type} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:title" content={head.title} />
          <meta property="og:description" content={head.description} />
          <meta property="og:url" content={url} />
        </>
      )}
      {fonts.map((href) => (
        <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="" />
      ))}
      {styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} crossOrigin="" />
      ))}
    </>
  );
}

interface HeadTagsProps {
  head: PageHead;
  path: string;
  fonts: string[];
  styles: string[];
}

export interface SiteInput {
  /** The built index.html: the shell every page is written into. */
  shell: string;
  manifest: Manifest;
  /** content/dist/catalogue.json, parsed. */
  catalogue: unknown;
  /** The font files to preload (URLs), those of the text above the fold. */
  fonts: string[];
}

export interface PrerenderedPage {
  path: string;
  html: string;
}

/** A JSON block that is data, never script: no inline script runs under the app's CSP. */
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Every public page of the site as a complete HTML document. */
export async function prerenderSite({ shell, manifest, catalogue, fonts }: SiteInput): Promise<PrerenderedPage[]> {
  if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");
  const entryCss = new Set(Object.values(manifest).flatMap((e) => (e.isEntry ? (e.css ?? []) : [])));
  const data = publicCatalogue(catalogue);
  const paths = prerenderedPatterns().flatMap((pattern) =>
    pattern === "/course/:id" ? data.courseIds.map((id) => `/course/${id}`) : [pattern],
  );
  const pages: PrerenderedPage[] = [];
  for (const path of paths) {
    const courseId = path.startsWith("/course/") ? path.slice("/course/".length) : undefined;
    const seed = courseId ? data.course(courseId) : path === "/courses" ? data.common : [];
    const page = await renderPage(path, seed);

    // The app (src/main.tsx), the page's route modules and everything they import: their CSS in the
    // head, their scripts listed for boot.ts to fetch once the page has painted.
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry) throw new Error(`${path}: ${key} is not in the build manifest`);
      if (scripts.has(`/${entry.file}`)) return;
      scripts.add(`/${entry.file}`);
      for (const css of entry.css ?? []) if (!entryCss.has(css)) styles.add(`/${css}`);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    for (const module of ["src/main.tsx", ...page.modules]) visit(module);

    const headTags = renderToStaticMarkup(<HeadTags head={page.head} path={path} fonts={fonts} styles={[...styles]} />);
    const html = shell
      .replace(/<title>[^<]*<\/title>/, "")
      .replace(/<meta name="description"[^>]*>/, "")
      .replace("</head>", () => `${headTags}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="${PRERENDER_STATE_ID}">${jsonBlock(page.state)}</script>` +
          `<script type="application/json" id="${PRELOAD_ID}">${jsonBlock([...scripts])}</script>`,
      );
    pages.push({ path, html });
  }
  return pages;
}
