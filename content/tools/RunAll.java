import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles and runs many small Java programs in one warm JVM (for the quiz code questions). Each
 * argument is "dir:MainClass": the directory holds one program's .java file. For each program prints
 * one line "RESULT dir COMPILE_ERROR", "RESULT dir OK <base64 of stdout>" or
 * "RESULT dir THREW <exception class>". Programs run one after another with System.out redirected.
 * A first argument "--release=21" compiles for that Java release instead of 17.
 */
public class RunAll {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        PrintStream realOut = System.out;
        PrintStream silent = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        boolean hasRelease = args.length > 0 && args[0].startsWith("--release=");
        String release = hasRelease ? args[0].substring(10) : "17";
        for (String arg : List.of(args).subList(hasRelease ? 1 : 0, args.length)) {
            int colon = arg.lastIndexOf(':');
            String dir = arg.substring(0, colon);
            String main = arg.substring(colon + 1);
            List<String> options = new ArrayList<>(List.of("--release", release, "-d", dir, "-nowarn", "-Xlint:none"));
            for (File f : new File(dir).listFiles((d, name) -> name.endsWith(".java"))) {
                options.add(f.getPath());
            }
            int code = javac.run(null, silent, silent, options.toArray(new String[0]));
            if (code != 0) {
                realOut.println("RESULT " + dir + " COMPILE_ERROR");
                continue;
            }
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8);
            String outcome;
            try (URLClassLoader loader = new URLClassLoader(new URL[] {new File(dir).toURI().toURL()}, null)) {
                Method m = loader.loadClass(main).getMethod("main", String[].class);
                System.setOut(capture);
                try {
                    m.invoke(null, (Object) new String[0]);
                    outcome = "OK";
                } catch (java.lang.reflect.InvocationTargetException e) {
                    outcome = "THREW " + e.getCause().getClass().getName();
                } finally {
                    System.setOut(realOut);
                }
            }
            String text = buffer.toString(StandardCharsets.UTF_8);
            realOut.println("RESULT " + dir + " " + outcome + " "
                    + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
