// The sandbox launcher (decision 0034): a small Node process that starts the sandboxed runs for the
// server and answers each one's output over IPC. fork() copies the page tables of the process that
// calls it: in the server (1.4 GB resident: the catalogue, the mentor's index, the SQL engines) one
// spawn of bwrap took about 40 ms, during which the event loop stood still for every learner; here,
// in a process of a few tens of MB, it takes about a millisecond. Plain JavaScript started by path,
// beside the server's bundle (like the SQL worker).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** The process groups of the runs going on (bwrap's pid), to end them if the server goes away. */
const running = new Set();

/** Direct children of a process (Linux /proc). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Runs one program: `bin args` in its own process group, `stdin` fed and closed, stdout and stderr
 * kept up to `outputBytes` each (more ends the run), ended after `wallMs`.
 */
function run({ id, bin, args, stdin, outputBytes, wallMs }) {
  const started = performance.now();
  let child;
  try {
    child = spawn(bin, args, { stdio: ["pipe", "pipe", "pipe"], detached: true });
  } catch (error) {
    // Only a malformed request throws here (a missing program is an "error" event below).
    reply({ id, spawnError: String(error.message ?? error) });
    return;
  }
  const out = [];
  const err = [];
  let outBytes = 0;
  let errBytes = 0;
  let truncated = false;
  let timedOut = false;
  let finished = false;
  if (child.pid) running.add(child.pid);
  // Kill the program (bwrap's child, pid 1 of the sandbox: the kernel then kills everything in it)
  // so bwrap itself reaps it and exits; a killed bwrap would leave it to the host's init. If bwrap
  // is still there a second later, its process group is killed (the sandbox dies with it:
  // --die-with-parent).
  let killing = false;
  const killTree = () => {
    if (killing || !child.pid) return;
    killing = true;
    for (const pid of childrenOf(child.pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    setTimeout(() => {
      // Only while bwrap has not exited: afterwards its pid (and group id) may belong to another.
      if (!finished && child.pid) killGroup(child.pid);
    }, 1000).unref();
  };
  const collect = (chunks, size, add) => (chunk) => {
    const room = outputBytes - size();
    if (chunk.length > room) {
      if (room > 0) {
        chunks.push(chunk.subarray(0, room));
        add(room);
      }
      truncated = true;
      killTree();
    } else {
      chunks.push(chunk);
      add(chunk.length);
    }
  };
  child.stdout.on(
    "data",
    collect(
      out,
      () => outBytes,
      (n) => {
        outBytes += n;
      },
    ),
  );
  child.stderr.on(
    "data",
    collect(
      err,
      () => errBytes,
      (n) => {
        errBytes += n;
      },
    ),
  );
  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, wallMs);
  child.stdin.on("error", () => undefined);
  child.stdin.end(stdin ?? "");
  const finish = (code, signal, spawnError) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    if (child.pid) running.delete(child.pid);
    reply({
      id,
      stdout: Buffer.concat(out).toString("utf8"),
      stderr: Buffer.concat(err).toString("utf8"),
      code,
      signal,
      timedOut,
      truncated,
      spawnError: spawnError ? spawnError.message : undefined,
      timeMs: Math.round(performance.now() - started),
    });
  };
  child.on("error", (e) => finish(null, null, e));
  child.on("close", (code, signal) => finish(code, signal));
}

function reply(message) {
  if (process.connected) process.send(message);
}

process.on("message", (message) => {
  if (message && message.type === "run") run(message);
});
// The server is gone (it stopped, or was killed): end every run still going on, then exit.
process.on("disconnect", () => {
  for (const pid of running) {
    for (const child of childrenOf(pid)) {
      try {
        process.kill(child, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    killGroup(pid);
  }
  process.exit(0);
});
process.send({ type: "ready" });
