import { RateLimitedError } from "../../errors.js";

export const RUNNER_BUSY = "The Java runner is busy right now. Please try again in a few seconds.";
export const RUNNER_BUSY_VISITORS =
  "The Java runner is busy with visitors' programs right now. Please try again in a few seconds, or log in: signed-in learners have places of their own.";

/** Seconds a refused job is told to wait: about one run's wall-clock limit. */
export const BUSY_RETRY_SECONDS = 10;

interface Waiter {
  visitor: boolean;
  start: (slot: number) => void;
}

/**
 * Bounds how many jobs run at once; a bounded number wait, the rest are refused (429: 503 means
 * "no runner here" to the client, which then shows simulated output). Each running job holds a
 * slot number (0 .. concurrency-1) that no other running job has.
 *
 * Fair share: visitors together hold at most half of the waiting places, so a signed-in learner
 * always finds one however many anonymous programs queue up; and a freed slot that just went to
 * a visitor goes next to the first waiting learner, so learners are never stuck behind a whole
 * line of visitors.
 */
export class JobQueue {
  private readonly free: number[];
  private readonly waiting: Waiter[] = [];
  private visitorsWaiting = 0;
  private lastWentToVisitor = false;
  readonly maxVisitorsWaiting: number;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    this.free = Array.from({ length: concurrency }, (_, i) => concurrency - 1 - i);
    this.maxVisitorsWaiting = Math.floor(maxWaiting / 2);
  }

  async run<T>(job: (slot: number) => Promise<T>, visitor = false): Promise<T> {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.waiting.length >= this.maxWaiting) throw new RateLimitedError(RUNNER_BUSY, BUSY_RETRY_SECONDS);
      if (visitor && this.visitorsWaiting >= this.maxVisitorsWaiting) {
        throw new RateLimitedError(RUNNER_BUSY_VISITORS, BUSY_RETRY_SECONDS);
      }
      if (visitor) this.visitorsWaiting += 1;
      slot = await new Promise<number>((start) => this.waiting.push({ visitor, start }));
    }
    this.lastWentToVisitor = visitor;
    try {
      return await job(slot);
    } finally {
      const next = this.takeNext();
      if (next) next.start(slot);
      else this.free.push(slot);
    }
  }

  private takeNext(): Waiter | undefined {
    let i = 0;
    if (this.lastWentToVisitor) {
      const learner = this.waiting.findIndex((w) => !w.visitor);
      if (learner >= 0) i = learner;
    }
    const [next] = this.waiting.splice(i, 1);
    if (next?.visitor) this.visitorsWaiting -= 1;
    return next;
  }
}
