import type { Course } from "@koc/shared";
import { DEFAULT_DESCRIPTION, type PageHead, SITE_NAME, summary, titled } from "../../lib/page-head";

/** A course page's head: the course's title and description, or a generic one before its answer. */
export function courseHead(course: Pick<Course, "title" | "description"> | undefined): PageHead {
  if (!course) return titled("Course", DEFAULT_DESCRIPTION);
  return titled(course.title, summary(course.description), { type: "article" });
}

/** An open lesson's head: "Operators · Java Programming · Kingdom of Code". */
export function lessonHead(course: Pick<Course, "title" | "description">, lessonTitle: string): PageHead {
  return { title: `${lessonTitle} · ${course.title} · ${SITE_NAME}`, description: summary(course.description) };
}
