import { courseList, course as courseSchema } from "@koc/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client";

/** Catalogue queries shared by the courses page, the course page and the dashboard. */
export const coursesQuery = () =>
  queryOptions({ queryKey: ["courses"], queryFn: ({ signal }) => api("/courses", { schema: courseList, signal }) });

export const courseQuery = (id: string) =>
  queryOptions({
    queryKey: ["courses", id],
    queryFn: ({ signal }) => api(`/courses/${encodeURIComponent(id)}`, { schema: courseSchema, signal }),
    retry: false,
  });
