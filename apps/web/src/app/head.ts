import type { Course } from "@koc/shared";
import type { Params } from "react-router";
import { courseHead } from "../features/course/course-head";
import { DEFAULT_DESCRIPTION, defaultHead, type PageHead, SITE_NAME, titled } from "../lib/page-head";

export { DEFAULT_DESCRIPTION, defaultHead, type PageHead, SITE_NAME, summary } from "../lib/page-head";

/** Reads a cached catalogue answer (the keys of lib/catalogue-api) without fetching it. */
export type CachedData = (key: readonly unknown[]) => unknown;

/** A route's head: fixed text, or derived from its params and the data already in the query cache. */
export type RouteHead = PageHead | ((params: Params, cached: CachedData) => PageHead);

/** The course page's head comes from the course answer (query key ["courses", id], as courseQuery). */
export function routeCourseHead(params: Params, cached: CachedData): PageHead {
  return courseHead(cached(["courses", params.id ?? ""]) as Course | undefined);
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
