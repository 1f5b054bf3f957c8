import { RateLimitedError } from "../../errors.js";
import { BUSY_RETRY_SECONDS } from "./queue.js";
import type { CodeRunner, JobOwner } from "./types.js";

/** Jobs one owner may have in flight or waiting at once. */
export const JOBS_PER_OWNER = 2;

export const TOO_MANY_JOBS = "You already have two programs running or waiting. Let one finish, then run again.";

/**
 * Each owner (a learner, or a visitor's address) has at most `perOwner` jobs in flight or waiting;
 * past that, 429 with Retry-After. Only owners with a job are kept, so the map never holds more
 * than the jobs in flight. One share is held by every kind of run (programs, trials, SQL examples).
 */
export function createFairShare(perOwner = JOBS_PER_OWNER) {
  const inFlight = new Map<string, number>();
  async function hold<T>(owner: JobOwner | undefined, job: () => Promise<T>): Promise<T> {
    if (!owner) return job();
    const held = inFlight.get(owner.key) ?? 0;
    if (held >= perOwner) throw new RateLimitedError(TOO_MANY_JOBS, BUSY_RETRY_SECONDS);
    inFlight.set(owner.key, held + 1);
    try {
      return await job();
    } finally {
      const left = (inFlight.get(owner.key) ?? 1) - 1;
      if (left > 0) inFlight.set(owner.key, left);
      else inFlight.delete(owner.key);
    }
  }
  return { hold };
}

export type FairShare = ReturnType<typeof createFairShare>;

/** The runner shared fairly (createFairShare): a number makes a share of its own. */
export function withFairShare(runner: CodeRunner, share: number | FairShare = JOBS_PER_OWNER): CodeRunner {
  const { hold } = typeof share === "number" ? createFairShare(share) : share;
  return {
    get engine() {
      return runner.engine;
    },
    status: () => runner.status(),
    run: (job) => hold(job.owner, () => runner.run(job)),
    runCases: (job) => hold(job.owner, () => runner.runCases(job)),
    runTests: (job) => hold(job.owner, () => runner.runTests(job)),
    close: () => runner.close(),
  };
}

/** The owner of a request's job: the learner when signed in, else the caller's address. */
export function ownerOf(user: { id: string } | null, ip: string): JobOwner {
  return user ? { key: `user:${user.id}`, visitor: false } : { key: `address:${ip}`, visitor: true };
}
