/** Quiz rules: the pass mark, the score and the result message. */
export const QUIZ_PASS_MARK = 80;

/** Score = round(correct / total * 100). */
export function quizScore(correctCount: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correctCount / total) * 100);
}

export function scoreAnswers(answers: ReadonlyArray<number | undefined>, correct: ReadonlyArray<number>): number {
  const right = correct.filter((c, i) => answers[i] === c).length;
  return quizScore(right, correct.length);
}

export const isPassing = (score: number): boolean => score >= QUIZ_PASS_MARK;

/** Result message of the course-level quiz panel. */
export function resultMessage(score: number): "Excellent" | "Good work" | "Not bad" | "Keep learning" {
  if (score >= 80) return "Excellent";
  if (score >= 60) return "Good work";
  if (score >= 40) return "Not bad";
  return "Keep learning";
}

/** Result icon: a crown for a perfect score, a sword at 70% or more. */
export function resultIcon(score: number): "crown" | "sword" | "shield" {
  if (score === 100) return "crown";
  if (score >= 70) return "sword";
  return "shield";
}
