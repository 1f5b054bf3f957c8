import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * Runs already compiled Java programs on many inputs in one warm JVM (for the content tests: every
 * trial's reference and starter on every case, and the lessons' examples). Arguments: a time limit
 * in milliseconds, then "dir:MainClass:n" for each program, whose inputs are the files
 * dir/.stdin-0 .. dir/.stdin-(n-1). Each run gets a class loader of its own (so static fields start
 * fresh), System.in set to its input and System.out / System.err captured, and runs in its own
 * thread, named main as a program's first thread is, with the time limit. For each run prints one line:
 * "RUN dir i OK|THREW|TIMEOUT <base64 stdout> <base64 stderr>". A program that outlives its limit
 * is stopped where the JDK still allows it, and the JVM exits at the end whatever still runs.
 */
public class RunCases {
    @SuppressWarnings({"deprecation", "removal"})
    public static void main(String[] args) throws Exception {
        PrintStream realOut = System.out;
        PrintStream realErr = System.err;
        InputStream realIn = System.in;
        long limit = Long.parseLong(args[0]);
        for (int a = 1; a < args.length; a++) {
            String[] parts = args[a].split(":");
            String dir = parts[0];
            String main = parts[1];
            int n = Integer.parseInt(parts[2]);
            for (int i = 0; i < n; i++) {
                byte[] input = Files.readAllBytes(Path.of(dir, ".stdin-" + i));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                String[] outcome = {"OK"};
                URLClassLoader loader = new URLClassLoader(
                        new URL[] {new File(dir).toURI().toURL()}, ClassLoader.getPlatformClassLoader());
                Thread t = new Thread(() -> {
                    try {
                        Method m = loader.loadClass(main).getMethod("main", String[].class);
                        m.invoke(null, (Object) new String[0]);
                    } catch (InvocationTargetException e) {
                        outcome[0] = "THREW";
                        e.getCause().printStackTrace(System.err);
                    } catch (ThreadDeath e) {
                        // stopped after its time limit: already reported as TIMEOUT
                    } catch (Throwable e) {
                        outcome[0] = "THREW";
                        e.printStackTrace(System.err);
                    }
                }, "main");
                System.setIn(new ByteArrayInputStream(input));
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
                t.setDaemon(true);
                t.start();
                t.join(limit);
                boolean timedOut = t.isAlive();
                System.out.flush();
                System.err.flush();
                System.setOut(realOut);
                System.setErr(realErr);
                System.setIn(realIn);
                // Decided here, before the stop: the stopped thread's own catch must not change it.
                String result = timedOut ? "TIMEOUT" : outcome[0];
                if (timedOut) stop(t);
                loader.close();
                realOut.println("RUN " + dir + " " + i + " " + result + " " + b64(out) + " " + b64(err));
            }
        }
        realOut.flush();
        System.exit(0);
    }

    private static String b64(ByteArrayOutputStream buffer) {
        String text = buffer.toString(StandardCharsets.UTF_8);
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @SuppressWarnings({"deprecation", "removal"})
    private static void stop(Thread t) {
        try {
            t.stop();
        } catch (UnsupportedOperationException e) {
            // Java 20+ cannot stop a thread; it is a daemon, so it ends with the JVM.
        }
    }
}
