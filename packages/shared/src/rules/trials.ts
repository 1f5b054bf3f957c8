import { XP_PER_TRIAL } from "../contracts/exercises.js";
import { XP_PER_TRIAL_WITH_HELP } from "./help-ladder.js";
import { xpFor } from "./progress.js";

/**
 * Grading's comparison of a program's output with a case's expected output: CRLF becomes LF,
 * trailing spaces and tabs of each line and trailing blank lines are removed. Nothing else is lenient.
 */
export function normaliseOutput(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n+$/, "");
}

export const outputMatches = (actual: string, expected: string): boolean =>
  normaliseOutput(actual) === normaliseOutput(expected);

/**
 * A course's xp: 50 per completed topic plus XP_PER_TRIAL per trial passed on one's own and
 * XP_PER_TRIAL_WITH_HELP per trial solved after revealing its solution (each trial counted once).
 */
export const courseXp = (completedTopics: number, trialsPassed: number, trialsSolvedWithHelp = 0): number =>
  xpFor(completedTopics) + trialsPassed * XP_PER_TRIAL + trialsSolvedWithHelp * XP_PER_TRIAL_WITH_HELP;

/** Achievements for trials passed across all courses, beside the percent-based ones. */
export const TRIAL_ACHIEVEMENTS = [
  { threshold: 1, name: "First Trial" },
  { threshold: 10, name: "Trial Veteran" },
  { threshold: 50, name: "Champion of Trials" },
] as const;

export function trialAchievementsFor(trialsPassed: number) {
  return TRIAL_ACHIEVEMENTS.map((a) => ({ ...a, unlocked: trialsPassed >= a.threshold }));
}

/** The achievements a learner unlocks by going from `before` to `after` trials passed. */
export const trialAchievementsUnlocked = (before: number, after: number): string[] =>
  TRIAL_ACHIEVEMENTS.filter((a) => before < a.threshold && after >= a.threshold).map((a) => a.name);

/**
 * The language a course's examples, editor and trials use (the courses that have trials); any
 * other course's editor starts in Java, the product's headline language.
 */
export const COURSE_LANGUAGE: Readonly<Record<string, "java" | "python" | "javascript" | "sql" | "html">> = {
  "java-programming": "java",
  "data-structures-algorithms": "java",
  "coding-interview-preparation": "java",
  "python-programming": "python",
  "javascript-fundamentals": "javascript",
  "sql-databases": "sql",
  "html-css-foundations": "html",
};

/** Looked up in a Map: a course id such as "constructor" must not find Object.prototype's members. */
const courseLanguages = new Map(Object.entries(COURSE_LANGUAGE));

export const editorLanguageFor = (courseId: string): "java" | "python" | "javascript" => {
  const language = courseLanguages.get(courseId);
  // SQL runs against a trial's or an example's tables, and the HTML course's pages are checked by its
  // trials: neither runs in the free editor.
  return language === undefined || language === "sql" || language === "html" ? "java" : language;
};
