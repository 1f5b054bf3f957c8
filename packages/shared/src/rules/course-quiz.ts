import type { QuizQuestion } from "../contracts/catalogue.js";

/**
 * The course-level quiz sets (spec section 3): three questions each for JavaScript Fundamentals,
 * Python Programming and React Development. Any other title falls back to the JavaScript set.
 */
export const COURSE_QUIZ_SETS: Readonly<Record<string, readonly QuizQuestion[]>> = {
  "JavaScript Fundamentals": [
    {
      question: "Which keyword declares a block-scoped variable that cannot be reassigned?",
      options: ["var", "let", "const", "static"],
      correct: 2,
    },
    {
      question: "What does typeof null return in JavaScript?",
      options: ['"null"', '"object"', '"undefined"', '"number"'],
      correct: 1,
    },
    {
      question: "Which method creates a new array with the results of calling a function on every element?",
      options: ["forEach()", "filter()", "reduce()", "map()"],
      correct: 3,
    },
  ],
  "Python Programming": [
    {
      question: "How do you start a function definition in Python?",
      options: ["function greet():", "def greet():", "fn greet():", "func greet():"],
      correct: 1,
    },
    {
      question: "Which of these Python types is immutable?",
      options: ["list", "dict", "tuple", "set"],
      correct: 2,
    },
    {
      question: "What does len([1, 2, 3]) return?",
      options: ["3", "2", "6", "An error"],
      correct: 0,
    },
  ],
  "React Development": [
    {
      question: "Which hook adds local state to a function component?",
      options: ["useEffect", "useState", "useMemo", "useRef"],
      correct: 1,
    },
    {
      question: "What should each item in a rendered list have so React can track it?",
      options: ["A unique key prop", "An id attribute", "A ref", "A className"],
      correct: 0,
    },
    {
      question: "How does a parent component pass data to a child component?",
      options: ["Through context only", "Through global variables", "Through props", "Through the DOM"],
      correct: 2,
    },
  ],
};

export const DEFAULT_COURSE_QUIZ = "JavaScript Fundamentals";

export function courseQuizFor(courseTitle: string): readonly QuizQuestion[] {
  return COURSE_QUIZ_SETS[courseTitle] ?? (COURSE_QUIZ_SETS[DEFAULT_COURSE_QUIZ] as readonly QuizQuestion[]);
}
