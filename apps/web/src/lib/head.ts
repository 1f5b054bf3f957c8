import type { Course } from "@koc/shared";
import type { Params } from "react-router";

/** What a page tells browsers and search engines about itself. */
export interface PageHead {
  title: string;
  description: string;
  /** Open Graph type and image-free card for pages worth sharing (course pages). */
  og?: { type: "website" | "article" };
}

/** Reads a cached catalogue answer (the keys of lib/catalogue-api) without fetching it. */
export type CachedData = (key: readonly unknown[]) => unknown;

/** A route's head: fixed text, or derived from its params and the data already in the query cache. */
export type RouteHead = PageHead | ((params: Params, cached: CachedData) => PageHead);

export const SITE_NAME = "Kingdom of Code";
export const DEFAULT_DESCRIPTION = "Kingdom of Code: learn Java, Python, JavaScript and more, one quest at a time.";

export const defaultHead: PageHead = { title: SITE_NAME, description: DEFAULT_DESCRIPTION };

const titled = (title: string, description: string, og?: PageHead["og"]): PageHead => ({
  title: `${title} | ${SITE_NAME}`,
  description,
  ...(og ? { og } : {}),
});

/** A search-result-sized summary: whole sentences (or words) up to 160 characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  let out = "";
  for (const sentence of flat.match(/[^.!?]+[.!?]+(\s|$)/g) ?? []) {
    if ((out + sentence).trim().length > max) break;
    out += sentence;
  }
  if (out.trim()) return out.trim();
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The course page's head comes from the course answer (query key ["courses", id], as courseQuery). */
export function courseHead(params: Params, cached: CachedData): PageHead {
  const course = cached(["courses", params.id ?? ""]) as Course | undefined;
  if (!course) return titled("Course", DEFAULT_DESCRIPTION);
  return titled(course.title, summary(course.description), { type: "article" });
}

/** An open lesson's head: "Operators · Java Programming · Kingdom of Code". */
export function lessonHead(course: Course, lessonTitle: string): PageHead {
  return { title: `${lessonTitle} · ${course.title} · ${SITE_NAME}`, description: summary(course.description) };
}

/** The head of every public page; other pages keep the default. */
export const heads = {
  home: {
    title: `${SITE_NAME}: learn to code, one quest at a time`,
    description: DEFAULT_DESCRIPTION,
    og: { type: "website" },
  },
  about: titled("About", "Why Kingdom of Code exists, how its quests teach programming, and who builds it."),
  courses: titled(
    "Courses",
    "Every course of Kingdom of Code: Java, Python, JavaScript, SQL and more. Free courses open at once.",
    { type: "website" },
  ),
  contact: titled("Contact", "Write to the Kingdom of Code team: questions, feedback, partnerships."),
  mentor: titled("Kattappa, your coding mentor", "Ask Kattappa, the Kingdom of Code mentor, about any lesson or bug."),
  terms: titled("Terms and Conditions", "The terms under which Kingdom of Code offers its courses."),
  refundPolicy: titled("Refund Policy", "When and how a Kingdom of Code purchase is refunded."),
  shipping: titled("Shipping and Delivery", "How Kingdom of Code delivers its digital courses and certificates."),
  privacy: titled("Privacy Policy", "What Kingdom of Code stores about learners and why."),
} satisfies Record<string, PageHead>;

/** The head for a route's handle, falling back to the default. */
export function resolveHead(head: RouteHead | undefined, params: Params, cached: CachedData): PageHead {
  if (!head) return defaultHead;
  return typeof head === "function" ? head(params, cached) : head;
}
