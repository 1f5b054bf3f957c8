import { UnavailableError } from "../../errors.js";
import { type CodeRunner, versionMap } from "./types.js";

export const RUNNER_OFF_MESSAGE =
  "Java is not run on this server (no JDK is installed or CODE_RUNNER=off); the editor shows simulated output instead.";

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
    async close() {},
  };
}
