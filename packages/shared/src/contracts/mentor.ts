import { z } from "zod";

/** POST /api/ai/chat */
export const mentorChatRequest = z.object({
  message: z.string().trim().min(1, "must not be empty").max(2000, "must be at most 2000 characters"),
});

export const mentorSource = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  lessonId: z.string(),
  lessonTitle: z.string(),
});

export const mentorChatResponse = z.object({
  success: z.boolean(),
  response: z.string(),
  sources: z.array(mentorSource),
});
export type MentorChatResponse = z.infer<typeof mentorChatResponse>;
