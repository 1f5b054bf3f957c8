/**
 * Source of the warm compiler: a small Java program, compiled once per JDK at start-up, that keeps
 * javac (javax.tools) loaded and JIT-compiled and compiles one job per request line, so warm
 * compiles take milliseconds instead of a JVM start each time. It only compiles (annotation
 * processing off); the compiled program itself only ever runs in the sandbox.
 *
 * Protocol (UTF-8 lines on stdin/stdout):
 *   request:  <release>\t<absolute source file>\t<absolute output dir>
 *   response: OK | ERR <base64 of javac's diagnostics, paths made relative to the source's folder>
 */
export const HELPER_CLASS = "KocCompileServer";

export const HELPER_SOURCE = `import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import javax.tools.*;

public class ${HELPER_CLASS} {
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
      if (parts.length != 3) { out.println("ERR " + b64("bad request")); continue; }
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
          "-Xlint:-options", "-encoding", "UTF-8", "-d", parts[2], "-classpath", parts[2],
          "-sourcepath", source.getParent());
        Boolean ok = compiler.getTask(diagnostics, files, null, options, null,
          files.getJavaFileObjects(source)).call();
        files.flush();
        if (Boolean.TRUE.equals(ok)) out.println("OK");
        else out.println("ERR " + b64(diagnostics.toString().replace(source.getParent() + File.separator, "")));
      } catch (Throwable t) {
        if (files != null) { try { files.close(); } catch (IOException ignored) { } files = null; }
        out.println("ERR " + b64(String.valueOf(t)));
      }
    }
  }

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }
}
`;
