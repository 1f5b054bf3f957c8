import { COURSE_LANGUAGE, type LessonIndex, type Passage } from "./retrieval.js";

/**
 * A free learner whose best source is a premium lesson gets the free lesson that covers the same
 * idea first (searched by the premium passage's title and section with the question, in the same
 * language), and the premium lesson after it as the suggestion. Premium learners keep the order.
 */
export function freeFirst(index: LessonIndex, passages: Passage[], message: string, isPremium: boolean): Passage[] {
  const best = passages[0];
  if (isPremium || !best?.locked) return passages;
  const free = index.search(`${best.title} ${best.section} ${message}`, {
    freeOnly: true,
    language: COURSE_LANGUAGE.get(best.courseId),
    limit: 1,
  })[0]?.passage;
  if (!free) return passages;
  return [free, ...passages.filter((p) => p.materialId !== free.materialId)];
}
