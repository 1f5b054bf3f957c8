import { UnavailableError } from "../../errors.js";
import { type CodeRunner, versionMap } from "./types.js";

export const RUNNER_OFF_MESSAGE =
  "Java is not run on this server (no JDK is installed or CODE_RUNNER=off); the editor shows simulated output instead.";

export const TRIALS_OFF_MESSAGE =
  "Trials cannot be graded on this server right now: it runs no learner code (no JDK or sandbox is installed, or CODE_RUNNER=off). Your code is safe in the editor; please try again later.";

/** No runner: POST /api/run answers 503 and the client uses its labelled simulated Java. */
export function createOffRunner(reason: string = RUNNER_OFF_MESSAGE): CodeRunner {
  return {
    engine: "off",
    async status() {
      return { engine: "off", versions: versionMap(() => false) };
    },
    async run() {
      throw new UnavailableError(reason);
    },
    async runCases() {
      throw new UnavailableError(TRIALS_OFF_MESSAGE);
    },
    async runTests() {
      throw new UnavailableError(TRIALS_OFF_MESSAGE);
    },
    async close() {},
  };
}
