import type { CourseEntry } from "./schema.js";

/**
 * Checks that a course's quizzes cannot be passed by test-taking tricks rather than understanding.
 *
 * 1. Length: the correct option must not be the uniquely longest option (by characters, trimmed)
 *    in more than MAX_LONGEST_CORRECT_RATE of a course's questions. With four options a course
 *    whose writers paid no attention to length would sit near 25%; 35% leaves room for questions
 *    where the precise answer is naturally a little longer, while a rate above it means length
 *    gives the answer away.
 *
 * 2. Position: the correct answer's position must be spread over A-D. For a course of 40 or more
 *    questions each position must hold between 15% and 35% of the correct answers (expected 25%;
 *    for 250 questions that is about +-3.7 standard deviations of a uniformly random key, for 40
 *    about +-1.5, so small courses need a deliberately balanced key, which is what we want). For
 *    smaller courses each position must hold between 10% and 40%, at least one question.
 */
export const MAX_LONGEST_CORRECT_RATE = 0.35;
export const POSITION_MIN_SHARE = 0.15;
export const POSITION_MAX_SHARE = 0.35;

const len = (s: string) => s.trim().length;

export function correctIsUniquelyLongest(options: readonly string[], correct: number): boolean {
  const mine = len(options[correct] ?? "");
  return options.every((o, i) => i === correct || len(o) < mine);
}

export interface QuizStats {
  questions: number;
  longestCorrect: number;
  longestCorrectRate: number;
  positions: number[];
}

export function quizStats(course: Pick<CourseEntry, "lessons">): QuizStats {
  const positions = [0, 0, 0, 0];
  let questions = 0;
  let longestCorrect = 0;
  for (const l of course.lessons) {
    for (const q of l.quiz) {
      questions++;
      if (correctIsUniquelyLongest(q.options, q.correct)) longestCorrect++;
      if (q.correct >= 0 && q.correct < positions.length) positions[q.correct] = (positions[q.correct] ?? 0) + 1;
    }
  }
  return { questions, longestCorrect, longestCorrectRate: questions ? longestCorrect / questions : 0, positions };
}

/** The allowed [min, max] count of correct answers in one position for a course of n questions. */
export function positionBounds(n: number): [number, number] {
  const [min, max] = n >= 40 ? [POSITION_MIN_SHARE, POSITION_MAX_SHARE] : [0.1, 0.4];
  return [Math.max(1, Math.ceil(n * min)), Math.floor(n * max)];
}

export function quizBalanceProblems(course: Pick<CourseEntry, "id" | "lessons">): string[] {
  const out: string[] = [];
  const s = quizStats(course);
  if (s.questions === 0) return out;
  if (s.longestCorrectRate > MAX_LONGEST_CORRECT_RATE) {
    out.push(
      `${course.id}: the correct option is the uniquely longest in ${s.longestCorrect} of ${s.questions} questions (${Math.round(
        s.longestCorrectRate * 100,
      )}%, at most ${MAX_LONGEST_CORRECT_RATE * 100}% allowed)`,
    );
  }
  const [low, high] = positionBounds(s.questions);
  s.positions.forEach((count, i) => {
    if (count < low || count > high) {
      out.push(
        `${course.id}: option ${"ABCD"[i]} is correct in ${count} of ${s.questions} questions (allowed ${low}-${high})`,
      );
    }
  });
  return out;
}
