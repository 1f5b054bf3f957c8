import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles many independent Java programs in one warm JVM: each argument is a directory holding one
 * program's .java file; classes go to that directory. Prints "FAIL <dir>" and the diagnostics for each
 * program that does not compile, then "compiled N, failed M".
 */
public class CompileAll {
    public static void main(String[] args) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int failed = 0;
        for (String dir : args) {
            List<String> options = new ArrayList<>(List.of("--release", "17", "-d", dir, "-nowarn", "-Xlint:none"));
            for (File f : new File(dir).listFiles((d, name) -> name.endsWith(".java"))) {
                options.add(f.getPath());
            }
            int code = javac.run(null, null, null, options.toArray(new String[0]));
            if (code != 0) {
                failed++;
                System.out.println("FAIL " + dir);
            }
        }
        System.out.println("compiled " + (args.length - failed) + ", failed " + failed);
    }
}
