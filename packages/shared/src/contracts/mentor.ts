import { z } from "zod";

/** Languages the editor offers; the mentor checks Java with the same compiler as POST /api/run. */
export const mentorCodeLanguage = z.enum(["java", "javascript", "python"]);
export type MentorCodeLanguage = z.infer<typeof mentorCodeLanguage>;

/**
 * What the learner has in front of them: the open course and lesson, the trial, the editor's code and
 * language, and the last error it showed (all optional; older clients send fewer fields).
 */
export const mentorContext = z.object({
  courseId: z.string().trim().min(1).max(200).optional(),
  materialId: z.string().trim().min(1).max(200).optional(),
  trialId: z.string().trim().min(1).max(200).optional(),
  lastError: z.string().max(4000, "must be at most 4000 characters").optional(),
  code: z.string().max(20_000, "must be at most 20000 characters").optional(),
  language: mentorCodeLanguage.optional(),
});
export type MentorContext = z.infer<typeof mentorContext>;

/** The longest question Kattappa takes; the chat inputs stop there too. */
export const MENTOR_MESSAGE_MAX = 2000;

/** POST /api/ai/chat (and /api/ai/chat/stream) */
export const mentorChatRequest = z.object({
  message: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MENTOR_MESSAGE_MAX, `must be at most ${MENTOR_MESSAGE_MAX} characters`),
  context: mentorContext.optional(),
});
export type MentorChatRequest = z.infer<typeof mentorChatRequest>;

/** A lesson the answer drew on; the page links it as /course/{courseId}. */
export const mentorSource = z.object({
  courseId: z.string(),
  materialId: z.string(),
  title: z.string(),
  section: z.string(),
});
export type MentorSource = z.infer<typeof mentorSource>;

export const mentorChatResponse = z.object({
  success: z.boolean(),
  response: z.string(),
  sources: z.array(mentorSource),
});
export type MentorChatResponse = z.infer<typeof mentorChatResponse>;

/**
 * The streaming variant's Server-Sent Events, each `data:` line one JSON object:
 * `delta` pieces of the answer in order, then one `done` carrying the whole answer and its sources.
 * `restart` (the model failed part-way): drop the pieces so far; the lessons' answer follows.
 */
export const mentorStreamEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("restart") }),
  z.object({ type: z.literal("done"), answer: mentorChatResponse }),
]);
export type MentorStreamEvent = z.infer<typeof mentorStreamEvent>;

/** The longest error text "Explain this error" takes: a long stack trace fits; only its top is read. */
export const MENTOR_ERROR_MAX = 65_536;

/**
 * POST /api/ai/explain: "Explain this error" beside a compiler error, exception or failed test.
 * `error` is the output as shown; `message` (optional) the learner's own words, for their language.
 */
export const mentorExplainRequest = z.object({
  language: mentorCodeLanguage,
  code: z.string().max(20_000, "must be at most 20000 characters").default(""),
  error: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MENTOR_ERROR_MAX, `must be at most ${MENTOR_ERROR_MAX} characters`),
  message: z.string().trim().min(1).max(MENTOR_MESSAGE_MAX).optional(),
  context: mentorContext.pick({ courseId: true, materialId: true, trialId: true }).optional(),
});
export type MentorExplainRequest = z.infer<typeof mentorExplainRequest>;

/** The lesson section that teaches the error; `href` is /course/{id}/lesson/{materialId}#section-... */
export const mentorExplainSection = mentorSource.extend({ href: z.string() });
export type MentorExplainSection = z.infer<typeof mentorExplainSection>;

export const mentorExplainResponse = z.object({
  success: z.boolean(),
  response: z.string(),
  /** The line of the learner's code the error points at, when the output names one. */
  line: z.number().int().positive().optional(),
  /** The language the error was read as (another than the editor's when the error is clearly that). */
  errorLanguage: mentorCodeLanguage.optional(),
  section: mentorExplainSection.optional(),
});
export type MentorExplainResponse = z.infer<typeof mentorExplainResponse>;
