/**
 * The answer key of the course-level quiz sets (packages/shared/src/rules/course-quiz.ts holds the
 * questions the browser shows). Index i is the correct option of question i.
 */
export const COURSE_QUIZ_ANSWERS: Readonly<Record<string, readonly number[]>> = {
  "JavaScript Fundamentals": [2, 1, 3],
  "Python Programming": [1, 2, 0],
  "React Development": [1, 0, 2],
};
