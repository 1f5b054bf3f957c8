import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api-client";

/**
 * GET /api/exercises/passed: for the signed-in learner, per course, how many trials they passed of
 * how many there are. (Declared here until packages/shared carries it beside the other exercise contracts.)
 */
export const coursePassedList = z.array(
  z.object({
    courseId: z.string(),
    passed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
);
export type CoursePassed = z.infer<typeof coursePassedList>[number];

export const passedTrialsQuery = (email: string) =>
  queryOptions({
    queryKey: ["exercises", "passed", email],
    queryFn: ({ signal }) => api("/exercises/passed", { schema: coursePassedList, signal }),
  });
