import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export interface Lesson {
  _id: string;
  title: string;
  quiz: { question: string; options: string[]; correct: number }[];
}

/**
 * The course's lessons with their questions and answer key. The API never sends the key before a
 * submission, so the test learns it the way a learner could: one graded visitor attempt per lesson.
 */
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
      const graded = await page.request.post("/api/quiz/attempts", {
        data: { materialId: l._id, answers: detail.quiz.map(() => 0) },
      });
      expect(graded.ok()).toBe(true);
      const { results } = (await graded.json()) as { results: { correctIndex: number }[] };
      return {
        _id: l._id,
        title: l.title,
        quiz: detail.quiz.map((q, qi) => ({ ...q, correct: results[qi]?.correctIndex ?? 0 })),
      };
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
