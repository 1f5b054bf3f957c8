import { resolve } from "node:path";
import type { CodeRunner } from "./adapters/code-runner/types.js";
import { type Config, isLoopback, testCheckoutOn } from "./config.js";

/**
 * The last start-up line: where the site is, which database engine, how Java runs, whether the
 * test checkout is on, and how to listen on every interface when only loopback is served.
 */
export function readyLine(config: Config, engine: "pglite" | "postgres", runner: Pick<CodeRunner, "engine">): string {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const database = engine === "pglite" ? `embedded PGlite in ${resolve(config.DATA_DIR)}` : "PostgreSQL (DATABASE_URL)";
  const java = { local: "local sandbox", judge0: "Judge0 (JUDGE0_URL)", off: "simulated" }[runner.engine];
  const payments =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? "Razorpay"
      : testCheckoutOn(config)
        ? "test checkout, premium for a click: no money moves"
        : "not configured";
  const parts = [
    `Kingdom of Code is ready on http://${shown}:${config.PORT} (database: ${database}; Java: ${java}; payments: ${payments})`,
  ];
  if (runner.engine === "off") {
    parts.push(
      config.CODE_RUNNER === "off"
        ? "Java is simulated because CODE_RUNNER=off; unset it to run Java for real"
        : "Java is simulated: no JDK with a working bubblewrap here. To run it for real: sudo apt-get install -y openjdk-17-jdk-headless bubblewrap, then npm start again",
    );
  }
  if (isLoopback(config.HOST)) {
    parts.push("Only this machine can reach it; to listen on every interface, set HOST=0.0.0.0");
  }
  return parts.join(". ");
}
