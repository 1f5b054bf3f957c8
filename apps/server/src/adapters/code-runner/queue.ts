import { RateLimitedError } from "../../errors.js";

/**
 * Bounds how many jobs run at once; a bounded number wait, the rest are refused (429: 503 means
 * "no runner here" to the client, which then shows simulated output). Each
 * running job holds a slot number (0 .. concurrency-1) that no other running job has.
 */
export class JobQueue {
  private readonly free: number[];
  private readonly waiting: ((slot: number) => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    this.free = Array.from({ length: concurrency }, (_, i) => concurrency - 1 - i);
  }

  async run<T>(job: (slot: number) => Promise<T>): Promise<T> {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new RateLimitedError("The Java runner is busy right now. Please try again in a few seconds.");
      }
      slot = await new Promise<number>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job(slot);
    } finally {
      const next = this.waiting.shift();
      if (next) next(slot);
      else this.free.push(slot);
    }
  }
}
