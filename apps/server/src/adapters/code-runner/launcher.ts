import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Where sandbox-launcher.mjs is: beside this module in src, beside main.js in the build. */
const LAUNCHER_PATH = fileURLToPath(new URL("./sandbox-launcher.mjs", import.meta.url));

/** One program to start: the whole argv, its stdin, and the limits the launcher keeps. */
export interface LaunchRequest {
  argv: [string, ...string[]];
  stdin: string | undefined;
  outputBytes: number;
  wallMs: number;
}

/** What the launcher saw: the program's output (each stream capped) and how it ended. */
export interface LaunchOutcome {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  truncated: boolean;
  spawnError?: string | undefined;
  timeMs: number;
}

type Reply = LaunchOutcome & { id: number };

/** The answer for a run that never started (its spawnError says why). */
const NOT_STARTED = { stdout: "", stderr: "", code: null, signal: null, timedOut: false, truncated: false, timeMs: 0 };

/**
 * The server's side of the sandbox launcher (decision 0034): runs go to a small child process that
 * spawns them, because a spawn from the server itself stopped its event loop for about 40 ms (fork
 * copies the page tables of a process of 1.4 GB). One launcher per runner; a launcher that
 * dies is started again at the next run, and the runs it had are answered as failed to start.
 */
export class SandboxLauncher {
  private child: ChildProcess | undefined;
  private starting: Promise<ChildProcess> | undefined;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private seq = 0;
  private closed = false;

  /** `path` is the launcher script (a test gives one that cannot start). */
  constructor(private readonly path = LAUNCHER_PATH) {}

  /** Starts the launcher process (also done by the first run). */
  async start(): Promise<void> {
    await this.process();
  }

  private process(): Promise<ChildProcess> {
    if (this.child?.connected) return Promise.resolve(this.child);
    this.starting ??= new Promise<ChildProcess>((resolve, reject) => {
      let ready = false;
      let child: ChildProcess;
      try {
        // Plain JavaScript: none of the server's own node flags (tsx, a profiler) go with it.
        child = fork(this.path, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
      } catch (error) {
        // fork itself can throw (out of memory or processes): the next run tries again.
        this.starting = undefined;
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const failed = (error: Error) => {
        if (ready) return;
        this.starting = undefined;
        reject(error);
      };
      child.once("error", failed);
      child.on("message", (message: { type?: string; id?: number }) => {
        if (message.type === "ready") {
          ready = true;
          this.child = child;
          this.starting = undefined;
          this.idle();
          resolve(child);
          return;
        }
        const done = typeof message.id === "number" ? this.pending.get(message.id) : undefined;
        if (done && typeof message.id === "number") {
          this.pending.delete(message.id);
          this.idle();
          // A run that never started answers only what it has: the rest reads as not started.
          done({ ...NOT_STARTED, ...(message as Reply) });
        }
      });
      child.once("exit", (code, signal) => {
        if (this.child === child) this.child = undefined;
        failed(new Error(`the sandbox launcher exited at start (${code ?? signal})`));
        // Runs it had never answer now: each is reported as not started.
        for (const [id, done] of this.pending) {
          done({ id, ...NOT_STARTED, spawnError: `the sandbox launcher stopped (${code ?? signal})` });
        }
        this.pending.clear();
      });
    });
    return this.starting;
  }

  /** An idle launcher does not keep the process alive; one with runs out does. */
  private idle() {
    const child = this.child;
    if (!child) return;
    if (this.pending.size === 0) {
      child.unref();
      child.channel?.unref();
    } else {
      child.ref();
      child.channel?.ref();
    }
  }

  async launch(request: LaunchRequest): Promise<LaunchOutcome> {
    if (this.closed) throw new Error("the sandbox launcher is closed");
    let child: ChildProcess;
    try {
      child = await this.process();
    } catch (error) {
      // No launcher now (it died and cannot be forked again): the run did not start, and says why,
      // like a program the launcher could not spawn; the next run tries to start one again.
      return { ...NOT_STARTED, spawnError: `the sandbox launcher did not start (${(error as Error).message})` };
    }
    const id = ++this.seq;
    const [bin, ...args] = request.argv;
    return new Promise<LaunchOutcome>((resolve) => {
      this.pending.set(id, ({ id: _, ...outcome }) => resolve(outcome));
      this.idle();
      child.send({
        type: "run",
        id,
        bin,
        args,
        stdin: request.stdin,
        outputBytes: request.outputBytes,
        wallMs: request.wallMs,
      });
    });
  }

  /** Ends the launcher (a run still going on is killed with it, and answered as not started). */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child ?? (await this.starting?.catch(() => undefined));
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.disconnect();
    await exited;
  }
}
