/** Helpers for tests that need graded quizzes: answers made from the server's own answer key. */
import type { buildApp } from "../src/app.js";

type TestApp = Awaited<ReturnType<typeof buildApp>>;

/** The answers that get `right` of a lesson's questions right (the rest wrong). */
export async function answersFor(app: TestApp, materialId: string, right = Number.POSITIVE_INFINITY) {
  const { lesson } = await app.catalogue.lessonWithAnswers(materialId);
  return lesson.quiz.map((q, i) => (i < right ? q.correct : (q.correct + 1) % q.options.length));
}

/** Takes a lesson's quiz through the API; returns the response. */
export async function takeQuiz(
  app: TestApp,
  auth: Record<string, string>,
  materialId: string,
  right = Number.POSITIVE_INFINITY,
) {
  const answers = await answersFor(app, materialId, right);
  return app.inject({ method: "POST", url: "/api/quiz/attempts", headers: auth, payload: { materialId, answers } });
}

/** Passes each lesson's quiz, then marks them completed: the flow of the course page. */
export async function passAndComplete(app: TestApp, auth: Record<string, string>, courseId: string, ids: string[]) {
  for (const id of ids) {
    const res = await takeQuiz(app, auth, id);
    if (res.statusCode !== 200) throw new Error(`quiz failed: ${res.statusCode} ${res.body}`);
  }
  return putCompleted(app, auth, courseId, ids);
}

/** PUT /api/progress with a browser record claiming `ids` completed. */
export const putCompleted = (app: TestApp, auth: Record<string, string>, courseId: string, ids: string[]) =>
  app.inject({
    method: "PUT",
    url: `/api/progress/${courseId}`,
    headers: auth,
    payload: {
      completed: ids,
      knowledgeUnlocked: ids,
      topicProgress: Object.fromEntries(ids.map((id) => [id, 100])),
      xp: ids.length * 50,
      streak: ids.length,
    },
  });
