/**
 * The server project's setup, run in the test worker before each file (the files of a worker share
 * its modules: vitest.config.ts). New password hashes are argon2id at its smallest cost (about 1,000
 * hashes and checks a run, 20 to 40 ms of CPU each at OWASP's cost). The registration test sets
 * OWASP's cost back and checks the stored hash carries it; servers that tests start as processes
 * (shutdown, crash safety) hash at OWASP's cost throughout. After each file, what a file may change
 * for the whole worker is put back: the clock and mocks.
 */
import { afterAll, vi } from "vitest";
import { setPasswordCost } from "../src/modules/auth/passwords.js";

setPasswordCost("test");

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
