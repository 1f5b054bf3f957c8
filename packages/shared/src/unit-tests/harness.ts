/**
 * The small programs that run a trial's hidden unit tests inside the sandbox and report each test
 * as it ends, one line per event on the process's real standard output:
 *
 *   <nonce> <suite> START <b64 name>
 *   <nonce> <suite> PASS <b64 name>
 *   <nonce> <suite> FAIL <b64 name> <b64 error class> <b64 message>
 *   <nonce> <suite> TIMEOUT <b64 name>
 *   <nonce> <suite> LOAD <b64 error class> <b64 message>     (the tests could not be loaded)
 *   <nonce> DONE
 *
 * The nonce is fresh per run and reaches the harness on the first line of standard input (Java,
 * Python) or inside its generated reporter (JavaScript), so nothing the learner's code prints by
 * accident can pass for a result. Java and Python send the learner's own output to a sink; a
 * program killed mid-run still leaves the lines of the tests that ended before.
 *
 * The server runs one suite per run; the content checks run many Java suites in one JVM (one class
 * loader per suite), which is why the Java harness takes (folder, class) pairs. A suite with a test
 * that ran out of time (the harness's limit, or its own assertTimeoutPreemptively) ends such a run
 * early (no DONE): the test's thread may still be spinning, and the suites after it must not be
 * timed against it.
 */

/** Per-test time limit inside the harness (the run's own wall and CPU limits still apply). */
export const TEST_TIMEOUT_SECONDS = 2;

export const JAVA_HARNESS_CLASS = "KocTestRunner";

/** Java: the JUnit Platform launcher (Debian's junit5), a listener per test. Args: (dir|-, class) pairs. */
export const JAVA_HARNESS_SOURCE = `import java.io.*;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.*;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

public class ${JAVA_HARNESS_CLASS} {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String nonce = String.valueOf(in.readLine()).trim();
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(sink);
        System.setErr(sink);
        Launcher launcher = LauncherFactory.create();
        for (int i = 0; i + 1 < args.length; i += 2) {
            String suite = nonce + " " + (i / 2) + " ";
            ClassLoader parent = ${JAVA_HARNESS_CLASS}.class.getClassLoader();
            ClassLoader loader = args[i].equals("-") ? parent
                : new URLClassLoader(new URL[] { new File(args[i]).toURI().toURL() }, parent);
            Thread.currentThread().setContextClassLoader(loader);
            Class<?> testClass;
            try {
                testClass = Class.forName(args[i + 1], false, loader);
            } catch (Throwable t) {
                out.println(suite + "LOAD " + b64(t.getClass().getName()) + " " + b64("the test class is missing"));
                continue;
            }
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(testClass))
                .configurationParameter("junit.jupiter.execution.timeout.default", "${TEST_TIMEOUT_SECONDS} s")
                .configurationParameter("junit.jupiter.execution.timeout.thread.mode.default", "SEPARATE_THREAD")
                .build();
            boolean[] leftRunning = { false };
            launcher.execute(request, new TestExecutionListener() {
                @Override public void executionStarted(TestIdentifier id) {
                    if (id.isTest()) out.println(suite + "START " + b64(id.getDisplayName()));
                }
                @Override public void executionSkipped(TestIdentifier id, String reason) {
                    if (id.isTest()) out.println(suite + "FAIL " + b64(id.getDisplayName()) + " " + b64("skipped") + " " + b64(""));
                }
                @Override public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    Throwable t = result.getThrowable().orElse(null);
                    if (!id.isTest()) {
                        // A class that cannot be set up (a static initialiser, a constructor) fails all its tests.
                        if (t != null && id.getParentId().isPresent())
                            out.println(suite + "LOAD " + b64(t.getClass().getName()) + " " + b64(String.valueOf(t.getMessage())));
                        return;
                    }
                    String name = b64(id.getDisplayName());
                    if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) out.println(suite + "PASS " + name);
                    else if (t instanceof java.util.concurrent.TimeoutException) {
                        leftRunning[0] = true;
                        out.println(suite + "TIMEOUT " + name);
                    } else {
                        // assertTimeoutPreemptively fails its test but cannot stop the code it timed.
                        if (t != null && String.valueOf(t.getMessage()).contains("execution timed out after")) leftRunning[0] = true;
                        out.println(suite + "FAIL " + name + " " + b64(t == null ? "" : t.getClass().getName())
                            + " " + b64(t == null ? "" : String.valueOf(t.getMessage())));
                    }
                }
            });
            // The test that ran out of time may have left its thread spinning, and the suites after
            // it would run against it: end here without DONE, so the caller runs them in a fresh JVM.
            if (leftRunning[0] && i + 2 < args.length) {
                out.flush();
                Runtime.getRuntime().halt(0);
            }
        }
        out.println(nonce + " DONE");
        out.flush();
        // A test that timed out may have left a thread spinning: end the JVM now.
        Runtime.getRuntime().halt(0);
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
`;

/** Python: the standard library's unittest, one test at a time with an alarm. Arg: the test module. */
export const PYTHON_HARNESS_SOURCE = `import base64, os, signal, sys, unittest

def b64(s):
    return base64.b64encode(str(s).encode("utf-8", "replace")).decode("ascii")

class KocTimeout(BaseException):
    pass

def on_alarm(signum, frame):
    raise KocTimeout()

def flatten(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from flatten(item)
        else:
            yield item

def main():
    nonce = sys.stdin.readline().strip()
    out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    sink = os.open(os.devnull, os.O_WRONLY)
    os.dup2(sink, 1)
    os.dup2(sink, 2)
    sys.stdout = open(os.devnull, "w")
    sys.stderr = sys.stdout
    # The harness sits beside the program and its tests (/app in the sandbox); -I leaves it off sys.path.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    unittest.TestCase.longMessage = False
    signal.signal(signal.SIGALRM, on_alarm)
    suite = nonce + " 0 "
    try:
        tests = list(flatten(unittest.defaultTestLoader.loadTestsFromName(sys.argv[1])))
    except BaseException as e:
        out.write(suite + "LOAD " + b64(type(e).__name__) + " " + b64(e) + "\\n")
        tests = []
    for test in tests:
        if type(test).__name__ == "_FailedTest":
            e = getattr(test, "_exception", None)
            out.write(suite + "LOAD " + b64(type(e).__name__) + " " + b64(e) + "\\n")
            continue
        name = b64(test.shortDescription() or test._testMethodName)
        out.write(suite + "START " + name + "\\n")
        result = unittest.TestResult()
        signal.setitimer(signal.ITIMER_REAL, ${TEST_TIMEOUT_SECONDS})
        try:
            test.run(result)
        except KocTimeout:
            result.errors.append((test, (KocTimeout, KocTimeout(), None)))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        problems = result.failures + result.errors
        if not problems:
            out.write(suite + "PASS " + name + "\\n")
            continue
        failure = problems[0]
        exc = failure[1] if isinstance(failure[1], tuple) else None
        text = failure[1] if isinstance(failure[1], str) else ""
        if exc is not None and exc[0] is KocTimeout or "KocTimeout" in text:
            out.write(suite + "TIMEOUT " + name + "\\n")
            continue
        # unittest keeps the traceback as text: its last line is "ExceptionClass: message".
        last = text.strip().splitlines()[-1] if text.strip() else ""
        cls, _, msg = last.partition(": ")
        out.write(suite + "FAIL " + name + " " + b64(cls) + " " + b64(msg) + "\\n")
    out.write(nonce + " DONE\\n")
    out.flush()
    os._exit(0)

main()
`;

/** JavaScript: node:test with a reporter of our own (written per run, holding the run's nonce). */
export function nodeReporterSource(nonce: string): string {
  return `const b64 = (s) => Buffer.from(String(s), "utf8").toString("base64");
const nonce = ${JSON.stringify(nonce)};
export default async function* kocReporter(source) {
  for await (const event of source) {
    const d = event.data ?? {};
    if (d.nesting !== 0) continue;
    if (event.type === "test:start") yield nonce + " 0 START " + b64(d.name) + "\\n";
    else if (event.type === "test:pass") yield nonce + " 0 PASS " + b64(d.name) + "\\n";
    else if (event.type === "test:fail") {
      const e = d.details?.error;
      const cause = e?.cause ?? e;
      if (e?.failureType === "testTimeoutFailure") { yield nonce + " 0 TIMEOUT " + b64(d.name) + "\\n"; continue; }
      const cls = cause?.code === "ERR_ASSERTION" ? "AssertionError" : (cause?.constructor?.name ?? "Error");
      yield nonce + " 0 FAIL " + b64(d.name) + " " + b64(cls) + " " + b64(cause?.message ?? "") + "\\n";
    } else if (event.type === "test:diagnostic" && /^duration_ms/.test(d.message ?? "")) {
      yield nonce + " DONE\\n";
    }
  }
}
`;
}

/** The file names a unit-tested trial uses inside the sandbox's /app. */
export const TEST_FILES = {
  python: { program: "main.py", tests: "koc_tests.py", module: "koc_tests", harness: "koc_harness.py" },
  javascript: { program: "main.js", tests: "tests.js", reporter: "koc-reporter.mjs" },
} as const;
