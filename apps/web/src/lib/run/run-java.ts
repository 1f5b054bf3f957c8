import { type JavaVersion, runResult, runStatus } from "@koc/shared";
import { ApiError, api, isNetworkFailure } from "../api-client";
import { simulateJava } from "./simulated-run";

export const SIMULATED_JAVA_LABEL =
  "[Simulated run: no Java runner is available on this server, so this output is an approximation]";

/**
 * Whether a Java engine runs here; any failure (no route, network) reads as "off". A version the
 * engine cannot target still goes to the server, whose 422 names what to install.
 */
async function javaEngineAvailable(): Promise<boolean | "offline"> {
  try {
    const status = await api("/run/status", { schema: runStatus });
    return status.engine !== "off";
  } catch (err) {
    return isNetworkFailure(err) ? "offline" : false;
  }
}

/** Java compiles and runs on our server, so it cannot run without a connection (JavaScript and Python can). */
export const JAVA_OFFLINE_MESSAGE =
  "Java needs the connection: it runs on our server. Connect to the internet to run it; JavaScript and Python examples run on this device, offline too.";

export const simulatedJava = (code: string) => `${SIMULATED_JAVA_LABEL}\n\n${simulateJava(code)}`;

/** Real runs keep the simulated run's shapes: program output, compile errors as Runtime Error, other failures as Error. */
export async function runJava(code: string, version: JavaVersion, stdin?: string): Promise<string> {
  if (code.trim() === "") return "Error: there is no code to run yet. Write a Java program first.";
  if (navigator.onLine === false) return JAVA_OFFLINE_MESSAGE;
  const engine = await javaEngineAvailable();
  if (engine === "offline") return JAVA_OFFLINE_MESSAGE;
  if (!engine) return simulatedJava(code);
  try {
    const result = await api("/run", {
      method: "POST",
      body: stdin === undefined ? { language: "java", version, code } : { language: "java", version, code, stdin },
      schema: runResult,
    });
    if (result.compileError !== undefined) return `Runtime Error: ${result.compileError.trimEnd()}`;
    const parts = [result.stdout, result.stderr].map((s) => s.trimEnd()).filter((s) => s !== "");
    const notes: string[] = [];
    if (result.truncated) notes.push("(Output truncated: the program printed more than the limit.)");
    if (result.timedOut) notes.push("Time limit exceeded: the program was stopped (is there an infinite loop?).");
    else if (result.exitCode !== null && result.exitCode !== 0)
      notes.push(`Process exited with code ${result.exitCode}.`);
    if (parts.length === 0 && notes.length === 0) return "Code executed successfully!";
    return [...parts, ...notes].join("\n");
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return simulatedJava(code);
    if (isNetworkFailure(error)) return JAVA_OFFLINE_MESSAGE;
    return `Error: ${error instanceof Error ? error.message : String(error)}`;
  }
}
