import { courseQuizSetName, PREMIUM_COURSE_QUIZ, type QuizAttemptResult, type RedeemReceiptsResult } from "@koc/shared";
import type { RateLimiter } from "../../adapters/rate-limit/types.js";
import type { DbOrTx } from "../../db/client.js";
import { quizAttempts, redeemedReceipts } from "../../db/schema.js";
import { ForbiddenError, NotFoundError, RateLimitedError } from "../../errors.js";
import type { CatalogueService } from "../catalogue/service.js";
import { COURSE_QUIZ_ANSWERS } from "./course-quiz-answers.js";
import { grade } from "./grading.js";
import type { ReceiptClaims, ReceiptSigner } from "./receipts.js";

export const QUIZ_RATE_LIMITED = "Too many quiz attempts. Take a breath, review the topic and try again in a minute.";
const PREMIUM_QUIZ = "This quiz belongs to a premium lesson. Upgrade to Lifetime Premium to take it.";
const ATTEMPTS_PER_MINUTE = 30;

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
  async function limit(taker: Taker) {
    const key = taker.user ? `quiz:user:${taker.user.id}` : `quiz:ip:${taker.ip}`;
    const result = await rateLimiter.hit(key, ATTEMPTS_PER_MINUTE, 60);
    if (!result.allowed) throw new RateLimitedError(QUIZ_RATE_LIMITED, result.retryAfterSeconds);
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
      const result = grade(
        answers,
        lesson.quiz.map((q) => q.correct),
      );
      if (!taker.user) return { ...result, receipt: receipts.issue(materialId, result.score, now()) };
      await db.insert(quizAttempts).values({
        userId: taker.user.id,
        courseId: lesson.courseId,
        materialId,
        score: result.score,
        answers,
      });
      return result;
    },

    /** Grades the course-level quiz panel's set for a course; recorded for a learner, a receipt for a visitor. */
    async courseAttempt(taker: Taker, courseId: string, answers: number[]): Promise<QuizAttemptResult> {
      await limit(taker);
      const course = await catalogue.getCourse(courseId);
      // A premium course's quizzes, like its lessons past the preview, are for premium learners.
      if (course.access === "premium" && !taker.user?.isPremium) throw new ForbiddenError(PREMIUM_COURSE_QUIZ);
      const key = COURSE_QUIZ_ANSWERS[courseQuizSetName(course.title)];
      if (!key) throw new NotFoundError("This course has no quiz");
      const result = grade(answers, key);
      if (!taker.user) return { ...result, receipt: receipts.issueForCourse(courseId, result.score, now()) };
      await db.insert(quizAttempts).values({ userId: taker.user.id, courseId, score: result.score, answers });
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
          return true;
        });
        if (counted) accepted += 1;
      }
      return { accepted, rejected: tokens.length - accepted };
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
