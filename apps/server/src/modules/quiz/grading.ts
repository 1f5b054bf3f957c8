import { explainNamesOption } from "@koc/content";
import { headingText, isPassing, lessonPath, lessonSectionPath, type QuizAttemptResult, quizScore } from "@koc/shared";
import { BadRequestError } from "../../errors.js";

/** A question with its key, its explanation and the lesson that teaches it. */
export interface KeyedQuestion {
  options: string[];
  correct: number;
  explain?: string | undefined;
  see?: string | undefined;
  /** The lesson that teaches it; null when it can no longer be found. */
  lesson: { courseId: string; materialId: string; title: string } | null;
}

type Teaching = { explain?: string; read?: { title: string; href: string } };

export function checkAnswerCount(answers: readonly number[], questions: number): void {
  if (answers.length !== questions) {
    throw new BadRequestError(`body.answers: must have ${questions} items, one per question`);
  }
}

/**
 * The explanation and the "Read:" link of a question. `safe` says whether a text may be shown: in a
 * failed attempt nothing may name the keyed option of a question answered wrongly (the content build
 * refuses an explanation naming its own question's option, but a heading, a lesson title or another
 * question's explanation may still name one), so such a text is left out and the link falls back to
 * the lesson without its section.
 */
function teaching(q: KeyedQuestion, safe: (text: string) => boolean): Teaching {
  const out: Teaching = {};
  if (q.explain && safe(q.explain)) out.explain = q.explain;
  if (!q.lesson) return out;
  const { courseId, materialId, title } = q.lesson;
  const section = q.see ? headingText(q.see) : undefined;
  if (section && safe(section)) out.read = { title: section, href: lessonSectionPath(courseId, materialId, q.see) };
  else out.read = { title: safe(title) ? title : "the lesson again", href: lessonPath(courseId, materialId) };
  return out;
}

/**
 * Grades answers with the shared rules (round(correct / total * 100), 80% passes). A pass returns the
 * whole key with every explanation; a failure says right or wrong per question and teaches only the
 * wrong ones, never which option was right.
 */
export function grade(answers: readonly number[], questions: readonly KeyedQuestion[]): QuizAttemptResult {
  checkAnswerCount(answers, questions.length);
  const right = questions.map((q, i) => answers[i] === q.correct);
  const score = quizScore(right.filter(Boolean).length, questions.length);
  if (isPassing(score)) {
    const all = () => true;
    return {
      score,
      passed: true,
      results: questions.map((q, i) => ({ correct: right[i] === true, correctIndex: q.correct, ...teaching(q, all) })),
    };
  }
  // The options a failed attempt must not give away: the keyed ones of the questions it got wrong.
  const secrets = questions.filter((_, i) => !right[i]).map((q) => q.options[q.correct] ?? "");
  const safe = (text: string) => secrets.every((keyed) => !explainNamesOption(text, keyed));
  return {
    score,
    passed: false,
    results: questions.map((q, i) => (right[i] ? { correct: true } : { correct: false, ...teaching(q, safe) })),
  };
}
