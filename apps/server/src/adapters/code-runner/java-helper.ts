/**
 * Source of the warm compiler: a small Java program, compiled once per JDK at start-up, that keeps
 * javac (javax.tools) loaded and JIT-compiled and compiles one job per request line, so warm
 * compiles take milliseconds instead of a JVM start each time. It only compiles (annotation
 * processing off); the compiled program itself only ever runs in the sandbox.
 *
 * Limits: every class file javac writes goes through a counting stream, and a compile whose
 * classes together go over the request's byte limit stops there (LIMIT output). The JVM runs with
 * a bounded heap and -XX:+ExitOnOutOfMemoryError, and the server watches its CPU time per job: a
 * compile over a limit costs the process, which the server replaces.
 *
 * Protocol (UTF-8 lines on stdin/stdout):
 *   request:  <release>\t<absolute source file>\t<absolute output dir>\t<max bytes of class files>
 *             [\t<extra classpath: jars the source compiles against, e.g. JUnit's API for hidden tests>]
 *   response: OK | ERR <base64 of javac's diagnostics, paths made relative to the source's folder>
 *             | LIMIT output
 */
export const HELPER_CLASS = "KocCompileServer";

export const HELPER_SOURCE = `import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import javax.tools.*;

public class ${HELPER_CLASS} {
  /** Counts the bytes of every class file written in one compile; refuses beyond the limit. */
  static final class Budget {
    final long limit;
    long used;
    boolean exceeded;
    Budget(long limit) { this.limit = limit; }
    void take(long n) throws IOException {
      used += n;
      if (used > limit) { exceeded = true; throw new IOException("class output limit reached"); }
    }
  }

  static final class CountingFiles extends ForwardingJavaFileManager<StandardJavaFileManager> {
    final Budget budget;
    CountingFiles(StandardJavaFileManager files, Budget budget) { super(files); this.budget = budget; }
    @Override
    public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
        FileObject sibling) throws IOException {
      JavaFileObject file = super.getJavaFileForOutput(location, className, kind, sibling);
      return new ForwardingJavaFileObject<JavaFileObject>(file) {
        @Override
        public OutputStream openOutputStream() throws IOException {
          if (budget.exceeded) throw new IOException("class output limit reached");
          return new FilterOutputStream(super.openOutputStream()) {
            @Override public void write(int b) throws IOException { budget.take(1); out.write(b); }
            @Override public void write(byte[] b, int off, int len) throws IOException {
              budget.take(len);
              out.write(b, off, len);
            }
          };
        }
      };
    }
  }

  public static void main(String[] args) throws Exception {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
    System.setOut(new PrintStream(new ByteArrayOutputStream()));
    out.println("READY");
    String line;
    StandardJavaFileManager files = null;
    int uses = 0;
    while ((line = in.readLine()) != null) {
      String[] parts = line.split("\\t");
      if (parts.length != 4 && parts.length != 5) { out.println("ERR " + b64("bad request")); continue; }
      Budget budget = new Budget(Long.parseLong(parts[3]));
      try {
        File source = new File(parts[1]);
        StringWriter diagnostics = new StringWriter();
        // One file manager serves a batch of compiles (its caches make warm compiles faster),
        // then a fresh one, so memory stays bounded.
        if (files == null || uses++ >= 100) {
          if (files != null) files.close();
          files = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
          uses = 1;
        }
        // Only the job's own folders: never the helper's working directory or CLASSPATH.
        List<String> options = Arrays.asList("--release", parts[0], "-proc:none", "-implicit:none",
          "-Xlint:-options", "-encoding", "UTF-8", "-d", parts[2],
          "-classpath", parts.length == 5 ? parts[2] + File.pathSeparator + parts[4] : parts[2],
          "-sourcepath", source.getParent());
        Boolean ok = compiler.getTask(diagnostics, new CountingFiles(files, budget), null, options, null,
          files.getJavaFileObjects(source)).call();
        files.flush();
        if (budget.exceeded) out.println("LIMIT output");
        else if (Boolean.TRUE.equals(ok)) out.println("OK");
        else out.println("ERR " + b64(diagnostics.toString().replace(source.getParent() + File.separator, "")));
      } catch (Throwable t) {
        if (files != null) { try { files.close(); } catch (IOException ignored) { } files = null; }
        if (budget.exceeded) out.println("LIMIT output");
        else out.println("ERR " + b64(String.valueOf(t)));
      }
    }
  }

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }
}
`;
