import { isPassing, type QuizAttemptResult, quizScore } from "@koc/shared";
import { BadRequestError } from "../../errors.js";

/** Grades answers against a key with the shared rules: round(correct / total * 100), 80% passes. */
export function grade(answers: readonly number[], key: readonly number[]): Omit<QuizAttemptResult, "receipt"> {
  if (answers.length !== key.length) {
    throw new BadRequestError(`body.answers: must have ${key.length} items, one per question`);
  }
  const results = key.map((correctIndex, i) => ({ correct: answers[i] === correctIndex, correctIndex }));
  const score = quizScore(results.filter((r) => r.correct).length, key.length);
  return { score, passed: isPassing(score), results };
}
