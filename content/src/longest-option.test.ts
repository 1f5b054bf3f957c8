/**
 * A learner who always picks the longest option must not pass by it: in every course, the longest
 * option is the keyed one in at most 30% of the questions (lesson Knowledge Checks and the course
 * quiz together). Distractors are the misconceptions beginners hold, written as fully as the key.
 */
import { describe, expect, it } from "vitest";
import { testCatalogue } from "./test-catalogue.js";

const MAX_SHARE = 0.3;

/** The share of questions whose first longest option is the keyed one. */
export function longestOptionScore(questions: { options: string[]; correct: number }[]): number {
  if (questions.length === 0) return 0;
  const hits = questions.filter((q) => {
    const lengths = q.options.map((o) => o.length);
    return lengths.indexOf(Math.max(...lengths)) === q.correct;
  }).length;
  return hits / questions.length;
}

describe("picking the longest option", () => {
  const catalogue = testCatalogue();

  it("counts the first of several longest options, and only the keyed one scores", () => {
    expect(
      longestOptionScore([
        { options: ["a", "bbb", "bbb"], correct: 1 },
        { options: ["a", "bbb", "bbb"], correct: 2 },
        { options: ["aaaa", "b"], correct: 1 },
        { options: ["aaaa", "b"], correct: 0 },
      ]),
    ).toBe(0.5);
  });

  it.each(catalogue.courses.map((c) => c.id))("scores at most 30%% in %s", (id) => {
    const course = catalogue.courses.find((c) => c.id === id);
    const questions = [...(course?.lessons.flatMap((l) => l.quiz ?? []) ?? []), ...(course?.quiz ?? [])];
    expect(questions.length).toBeGreaterThan(0);
    expect(longestOptionScore(questions)).toBeLessThanOrEqual(MAX_SHARE);
  });
});
