import type { MentorChatResponse } from "@koc/shared";
import type { CatalogueService } from "../catalogue/service.js";
import { buildIndex, type LessonIndex } from "./retrieval.js";

const GREETING =
  "Greetings, warrior! Ask me about any topic from our courses (loops, classes, streams, SQL joins, React hooks, Big-O...) and I will point you to the lesson that explains it.";
const NOT_FOUND =
  "I searched every scroll in the royal library and found nothing on that. Try naming the concept (for example: recursion, HashMap, closures, git merge) and I will find the lesson for you.";

/** Keep the first sentences of a passage up to about `max` characters. */
function excerpt(text: string, max = 520): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("? "), cut.lastIndexOf("! "));
  return end > 120 ? cut.slice(0, end + 1) : `${cut.trimEnd()}...`;
}

/**
 * Kattappa's local mentor: answers by quoting the lesson passage that best matches the question and
 * naming where to read on. Grounded only in our own lessons; no outside service.
 */
export function createMentorService(catalogue: CatalogueService) {
  let index: Promise<LessonIndex> | undefined;

  const load = async () => {
    const courses = await catalogue.listCourses();
    const lessons = [];
    for (const c of courses) {
      for (const m of await catalogue.listMaterials(c._id)) {
        if (m.content) {
          lessons.push({
            courseId: c._id,
            courseTitle: c.title,
            lessonId: m._id,
            lessonTitle: m.title,
            content: m.content,
          });
        }
      }
    }
    return buildIndex(lessons);
  };

  return {
    async answer(message: string): Promise<MentorChatResponse> {
      if (/^(hi|hello|hey|greetings)\b[\s!.?]*$/i.test(message.trim())) {
        return { success: true, response: GREETING, sources: [] };
      }
      index ??= load().catch((err) => {
        index = undefined;
        throw err;
      });
      const hits = (await index).search(message, 3);
      const best = hits[0];
      if (!best) return { success: true, response: NOT_FOUND, sources: [] };
      const { passage } = best;
      const seeAlso = hits
        .slice(1)
        .filter((h) => h.passage.lessonId !== passage.lessonId)
        .map((h) => `"${h.passage.lessonTitle}" (${h.passage.courseTitle})`);
      const lines = [
        `From "${passage.lessonTitle}" in ${passage.courseTitle}, section "${passage.heading}":`,
        "",
        excerpt(passage.text),
        "",
        `Read the whole lesson at /course/${passage.courseId}.`,
      ];
      if (seeAlso.length > 0) lines.push(`See also: ${[...new Set(seeAlso)].join(", ")}.`);
      const sources = [
        ...new Map(
          hits.map((h) => [
            h.passage.lessonId,
            {
              courseId: h.passage.courseId,
              courseTitle: h.passage.courseTitle,
              lessonId: h.passage.lessonId,
              lessonTitle: h.passage.lessonTitle,
            },
          ]),
        ).values(),
      ];
      return { success: true, response: lines.join("\n"), sources };
    },
  };
}

export type MentorService = ReturnType<typeof createMentorService>;
