/**
 * The course-level quiz. Every course's set lives in its content folder
 * (content/courses/<id>/course-quiz.yaml), served without its key by GET /api/courses/{id}/quiz and
 * graded on the server. A course without a set of its own falls back to the JavaScript set (the
 * content build refuses a catalogue course without one, so the fallback is a safety net).
 */
export const DEFAULT_COURSE_QUIZ_COURSE = "javascript-fundamentals";

/** Attempts allowed per quiz (a topic's Knowledge Check, or a course quiz) per learner or address. */
export const QUIZ_ATTEMPTS_PER_WINDOW = 5;
export const QUIZ_ATTEMPT_WINDOW_SECONDS = 10 * 60;

/** What anyone but a premium learner is told of a premium course's quiz (the server refuses it with 403). */
export const PREMIUM_COURSE_QUIZ =
  "This course quiz belongs to a premium course. Upgrade to Lifetime Premium to take it.";
