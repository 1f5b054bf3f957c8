import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles many independent Java programs in one warm JVM: each argument is a directory holding one
 * program's .java files (in its package folders too); classes go to that directory. Prints "FAIL <dir>" and the diagnostics for each
 * program that does not compile, then "compiled N, failed M". A first argument "--release=21" compiles
 * for that Java release instead of 17 (run it with a JDK of that release or newer). An argument
 * "--classpath=<jars>" (after the release, if any) compiles against those jars too (JUnit for the
 * trials' hidden tests).
 */
public class CompileAll {
    public static void main(String[] args) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int failed = 0;
        String release = args.length > 0 && args[0].startsWith("--release=") ? args[0].substring(10) : "17";
        List<String> dirs = List.of(args).subList(args.length > 0 && args[0].startsWith("--release=") ? 1 : 0, args.length);
        String classpath = null;
        if (!dirs.isEmpty() && dirs.get(0).startsWith("--classpath=")) {
            classpath = dirs.get(0).substring(12);
            dirs = dirs.subList(1, dirs.size());
        }
        for (String dir : dirs) {
            List<String> options = new ArrayList<>(List.of("--release", release, "-d", dir, "-nowarn", "-Xlint:none"));
            if (classpath != null) options.addAll(List.of("-cp", dir + File.pathSeparator + classpath));
            // A multi-file trial keeps its sources in package folders (and a Maven project under src/).
            addSources(new File(dir), options);
            int code = javac.run(null, null, null, options.toArray(new String[0]));
            if (code != 0) {
                failed++;
                System.out.println("FAIL " + dir);
            }
        }
        System.out.println("compiled " + (dirs.size() - failed) + ", failed " + failed);
    }

    private static void addSources(File dir, List<String> options) {
        File[] entries = dir.listFiles();
        if (entries == null) return;
        java.util.Arrays.sort(entries);
        for (File f : entries) {
            if (f.isDirectory()) addSources(f, options);
            else if (f.getName().endsWith(".java")) options.add(f.getPath());
        }
    }
}
