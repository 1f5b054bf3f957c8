import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

interface KeyedQuestion {
  question: string;
  options: string[];
  correct: number;
}

/**
 * The answer keys, from the built catalogue the server seeds from (npm start builds it first): a
 * failed attempt no longer carries the key, and a test must not brute-force it past the attempt limit.
 */
function catalogueKeys(): Map<string, KeyedQuestion[]> {
  const file = new URL("../../content/dist/catalogue.json", import.meta.url);
  const catalogue = JSON.parse(readFileSync(file, "utf8")) as {
    courses: { id: string; quiz?: KeyedQuestion[]; lessons: { id: string; quiz: KeyedQuestion[] }[] }[];
  };
  const keys = new Map<string, KeyedQuestion[]>();
  for (const c of catalogue.courses) {
    keys.set(`course:${c.id}`, c.quiz ?? []);
    for (const l of c.lessons) keys.set(l.id, l.quiz);
  }
  return keys;
}
let keys: Map<string, KeyedQuestion[]> | undefined;

/** The keyed option of each question of a lesson (or, as `course:<id>`, of a course quiz). */
export function answerKey(id: string): number[] {
  keys ??= catalogueKeys();
  const quiz = keys.get(id);
  if (!quiz) throw new Error(`no quiz ${id} in content/dist/catalogue.json`);
  return quiz.map((q) => q.correct);
}

export interface Lesson {
  _id: string;
  title: string;
  quiz: { question: string; options: string[]; correct: number }[];
}

/** The course's lessons with their questions (from the API) and answer key (from the built catalogue). */
export async function lessonsOf(page: Page, courseId: string, only?: (i: number, count: number) => boolean) {
  const res = await page.request.get(`/api/materials/course/${courseId}`);
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as { _id: string; title: string; questions: number }[];
  return Promise.all(
    list.map(async (l, i): Promise<Lesson> => {
      if (only && !only(i, list.length)) return { _id: l._id, title: l.title, quiz: [] };
      const detail = (await (await page.request.get(`/api/materials/${l._id}`)).json()) as {
        quiz: { question: string; options: string[] }[];
      };
      const key = answerKey(l._id);
      return { _id: l._id, title: l.title, quiz: detail.quiz.map((q, qi) => ({ ...q, correct: key[qi] ?? 0 })) };
    }),
  );
}

/** Answers the open knowledge quiz: `right` questions correctly, the rest wrongly. */
export async function answerQuiz(page: Page, lesson: Lesson, right: number) {
  const dialog = page.getByRole("dialog");
  for (const [i, q] of lesson.quiz.entries()) {
    const pick = i < right ? q.correct : (q.correct + 1) % q.options.length;
    const option = q.options[pick] as string;
    await dialog
      .getByRole("group", { name: `${i + 1}. ${q.question.split("```")[0]?.trim()}` })
      .getByRole("radio", { name: option, exact: true })
      .check();
  }
}
