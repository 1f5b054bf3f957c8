import type { PublicQuizQuestion } from "../contracts/catalogue.js";

/**
 * The course-level quiz sets (spec section 3): three questions each for JavaScript Fundamentals,
 * Python Programming and React Development. Any other title falls back to the JavaScript set.
 * The answer key lives on the server only (apps/server/src/modules/quiz/course-quiz-answers.ts).
 */
export const COURSE_QUIZ_SETS: Readonly<Record<string, readonly PublicQuizQuestion[]>> = {
  "JavaScript Fundamentals": [
    {
      question: "Which keyword declares a block-scoped variable that cannot be reassigned?",
      options: ["var", "let", "const", "static"],
    },
    {
      question: "What does typeof null return in JavaScript?",
      options: ['"null"', '"object"', '"undefined"', '"number"'],
    },
    {
      question: "Which method creates a new array with the results of calling a function on every element?",
      options: ["forEach()", "filter()", "reduce()", "map()"],
    },
  ],
  "Python Programming": [
    {
      question: "How do you start a function definition in Python?",
      options: ["function greet():", "def greet():", "fn greet():", "func greet():"],
    },
    {
      question: "Which of these Python types is immutable?",
      options: ["list", "dict", "tuple", "set"],
    },
    {
      question: "What does len([1, 2, 3]) return?",
      options: ["3", "2", "6", "An error"],
    },
  ],
  "React Development": [
    {
      question: "Which hook adds local state to a function component?",
      options: ["useEffect", "useState", "useMemo", "useRef"],
    },
    {
      question: "What should each item in a rendered list have so React can track it?",
      options: ["A unique key prop", "An id attribute", "A ref", "A className"],
    },
    {
      question: "How does a parent component pass data to a child component?",
      options: ["Through context only", "Through global variables", "Through props", "Through the DOM"],
    },
  ],
};

export const DEFAULT_COURSE_QUIZ = "JavaScript Fundamentals";

/** The name of the set a course's quiz panel shows. */
export const courseQuizSetName = (courseTitle: string): string =>
  courseTitle in COURSE_QUIZ_SETS ? courseTitle : DEFAULT_COURSE_QUIZ;

export function courseQuizFor(courseTitle: string): readonly PublicQuizQuestion[] {
  return COURSE_QUIZ_SETS[courseQuizSetName(courseTitle)] as readonly PublicQuizQuestion[];
}

/** What anyone but a premium learner is told of a premium course's quiz (the server refuses it with 403). */
export const PREMIUM_COURSE_QUIZ =
  "This course quiz belongs to a premium course. Upgrade to Lifetime Premium to take it.";
