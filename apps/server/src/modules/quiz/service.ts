import {
  type CourseQuiz,
  isPassing,
  PREMIUM_COURSE_QUIZ,
  QUIZ_ATTEMPT_WINDOW_SECONDS,
  QUIZ_ATTEMPTS_PER_WINDOW,
  type QuizAttemptResult,
  type RedeemReceiptsResult,
} from "@koc/shared";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { DbOrTx } from "../../db/client.js";
import { quizAttempts, redeemedReceipts } from "../../db/schema.js";
import { ForbiddenError, NotFoundError, RateLimitedError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { earnReferral } from "../referral/ledger.js";
import { recordQuizMisses } from "../review/deck.js";
import { checkAnswerCount, grade, type KeyedQuestion } from "./grading.js";
import type { ReceiptClaims, ReceiptSigner } from "./receipts.js";

export const QUIZ_RATE_LIMITED = "Too many quiz attempts. Take a breath, review the topic and try again in a minute.";
const PREMIUM_QUIZ = "This quiz belongs to a premium lesson. Upgrade to Lifetime Premium to take it.";
const ATTEMPTS_PER_MINUTE = 30;

/** How long to wait, in words: "40 seconds", "a minute", "7 minutes". */
function waitFor(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/** The 429 of a sixth attempt at one quiz in 10 minutes: how long to wait, and what to do meanwhile. */
export function tooManyAttempts(kind: "topic" | "course", retryAfterSeconds: number): string {
  const what = kind === "topic" ? "this Knowledge Check" : "this course quiz";
  const read = kind === "topic" ? "re-read the lesson" : "re-read the lessons its questions link to";
  return `You have taken ${what} ${QUIZ_ATTEMPTS_PER_WINDOW} times in 10 minutes. Rest your sword for ${waitFor(
    retryAfterSeconds,
  )}: ${read} while you wait, then try again.`;
}

interface QuizDeps {
  db: DbOrTx;
  catalogue: CatalogueService;
  rateLimiter: RateLimiter;
  receipts: ReceiptSigner;
  now?: () => number;
}

/** Who submits: a learner (recorded, rate-limited by id) or a visitor (a receipt, limited by address). */
export type Taker = { user: { id: string; isPremium: boolean } | null; ip: string };

export function createQuizService({ db, catalogue, rateLimiter, receipts, now = Date.now }: QuizDeps) {
  const who = (taker: Taker) => (taker.user ? `user:${taker.user.id}` : `ip:${taker.ip}`);

  /** Any quiz, any topic: a burst limit per learner (or address). */
  async function limit(taker: Taker) {
    const result = await rateLimiter.hit(`quiz:${who(taker)}`, ATTEMPTS_PER_MINUTE, 60);
    if (!result.allowed) throw new RateLimitedError(QUIZ_RATE_LIMITED, result.retryAfterSeconds);
  }

  /**
   * One quiz: at most 5 graded attempts in 10 minutes per learner (or address), so right-or-wrong
   * feedback cannot be turned into the key by trying every option; the sixth waits.
   */
  async function limitQuiz(taker: Taker, kind: "topic" | "course", id: string) {
    const key = `quiz:${kind}:${id}:${who(taker)}`;
    const result = await rateLimiter.hit(key, QUIZ_ATTEMPTS_PER_WINDOW, QUIZ_ATTEMPT_WINDOW_SECONDS);
    if (!result.allowed) {
      throw new RateLimitedError(tooManyAttempts(kind, result.retryAfterSeconds), result.retryAfterSeconds);
    }
  }

  /** Where the lesson that teaches a question is, for its "Read:" link. */
  async function lessonOf(materialId: string): Promise<KeyedQuestion["lesson"]> {
    const found = await catalogue.lessonWithAnswers(materialId).catch(() => null);
    return found ? { courseId: found.lesson.courseId, materialId, title: found.lesson.title } : null;
  }

  /** What a receipt's attempt is of: a topic's quiz, or a course's course-level quiz; null when gone. */
  async function attemptTarget(claims: ReceiptClaims): Promise<{ courseId: string; materialId: string | null } | null> {
    if (claims.materialId !== null) {
      const found = await catalogue.lessonWithAnswers(claims.materialId).catch(() => null);
      return found ? { courseId: found.lesson.courseId, materialId: found.lesson._id } : null;
    }
    if (claims.courseId === null) return null;
    const course = await catalogue.getCourse(claims.courseId).catch(() => null);
    return course ? { courseId: course._id, materialId: null } : null;
  }

  return {
    /**
     * Grades a topic's knowledge quiz. A learner's attempt is recorded (its best score is the topic's
     * progress; a pass unlocks the knowledge section); a visitor gets a signed receipt instead.
     */
    async attempt(taker: Taker, materialId: string, answers: number[]): Promise<QuizAttemptResult> {
      await limit(taker);
      const { access, lesson } = await catalogue.lessonWithAnswers(materialId);
      if (access === "premium" && lesson.position > 0 && !taker.user?.isPremium) throw new ForbiddenError(PREMIUM_QUIZ);
      if (lesson.quiz.length === 0) throw new NotFoundError("This topic has no quiz");
      checkAnswerCount(answers, lesson.quiz.length);
      await limitQuiz(taker, "topic", materialId);
      const where = { courseId: lesson.courseId, materialId, title: lesson.title };
      const result = grade(
        answers,
        lesson.quiz.map((q) => ({ ...q, lesson: where })),
      );
      if (!taker.user) return { ...result, receipt: receipts.issue(materialId, result.score, now()) };
      const userId = taker.user.id;
      // A pass earns the referrer's pending credit, and each wrong answer enters the review deck, in
      // the same transaction that records the attempt.
      await db.transaction(async (tx) => {
        await tx.insert(quizAttempts).values({
          userId,
          courseId: lesson.courseId,
          materialId,
          score: result.score,
          answers,
        });
        if (isPassing(result.score)) await earnReferral(tx, userId);
        await recordQuizMisses(tx, userId, { courseId: lesson.courseId, materialId }, lesson.quiz, answers, now());
      });
      return result;
    },

    /** The course quiz's questions without key or explanations; a premium course's only for premium learners. */
    async courseQuestions(reader: Taker["user"], courseId: string): Promise<CourseQuiz> {
      const course = await catalogue.getCourse(courseId);
      if (course.access === "premium" && !reader?.isPremium) throw new ForbiddenError(PREMIUM_COURSE_QUIZ);
      return catalogue.courseQuiz(courseId);
    },

    /** Grades the course-level quiz panel's set for a course; recorded for a learner, a receipt for a visitor. */
    async courseAttempt(taker: Taker, courseId: string, answers: number[]): Promise<QuizAttemptResult> {
      await limit(taker);
      const { course, questions } = await catalogue.courseQuizWithAnswers(courseId);
      // A premium course's quizzes, like its lessons past the preview, are for premium learners.
      if (course.access === "premium" && !taker.user?.isPremium) throw new ForbiddenError(PREMIUM_COURSE_QUIZ);
      checkAnswerCount(answers, questions.length);
      await limitQuiz(taker, "course", courseId);
      const keyed = await Promise.all(questions.map(async (q) => ({ ...q, lesson: await lessonOf(q.lesson) })));
      const result = grade(answers, keyed);
      if (!taker.user) return { ...result, receipt: receipts.issueForCourse(courseId, result.score, now()) };
      const userId = taker.user.id;
      await db.transaction(async (tx) => {
        await tx.insert(quizAttempts).values({ userId, courseId, score: result.score, answers });
        await recordQuizMisses(tx, userId, { courseId, materialId: null }, questions, answers, now());
      });
      return result;
    },

    /**
     * Records the attempts a visitor made before signing in. Only receipts whose signature verifies,
     * that are under 30 days old and never redeemed before count; the redeemed_receipts primary key
     * (not a check-then-write) makes each one single use, even under concurrent redemption.
     */
    async redeem(user: { id: string; isPremium: boolean }, tokens: string[]): Promise<RedeemReceiptsResult> {
      let accepted = 0;
      for (const token of new Set(tokens)) {
        const claims = receipts.verify(token, now());
        if (!claims) continue;
        const target = await attemptTarget(claims);
        if (!target) continue;
        const counted = await db.transaction(async (tx) => {
          const [first] = await tx
            .insert(redeemedReceipts)
            .values({ receiptId: claims.id, userId: user.id })
            .onConflictDoNothing()
            .returning();
          if (!first) return false;
          await tx.insert(quizAttempts).values({
            userId: user.id,
            ...target,
            score: claims.score,
            source: "receipt",
            createdAt: new Date(claims.at),
          });
          // A redeemed Knowledge Check pass counts as the friend's first pass as much as a live one.
          if (target.materialId !== null && isPassing(claims.score)) await earnReferral(tx, user.id);
          return true;
        });
        if (counted) accepted += 1;
      }
      return { accepted, rejected: tokens.length - accepted };
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
