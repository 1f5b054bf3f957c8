import { z } from "zod";

/** Every error the API answers has this body. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Course and lesson ids are readable slugs: lowercase words joined by one or two hyphens. */
export const slugId = z
  .string()
  .max(120, "must be at most 120 characters")
  .regex(/^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*$/, "must be a lowercase slug such as java-programming");

export const courseIdParams = z.object({ id: slugId });

/** The body of a 204 answer: nothing, which the client reads as null. */
export const noContent = z.null();
