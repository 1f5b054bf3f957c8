import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

export interface Jdk {
  /** Real path of the JDK's home folder. */
  home: string;
  /** Feature release of the JDK itself (17 for 17.0.15). */
  major: number;
  javac: string;
  java: string;
}

function jdkAt(home: string): Jdk | undefined {
  let real: string;
  try {
    real = realpathSync(home);
  } catch {
    return undefined;
  }
  const javac = join(real, "bin", "javac");
  const java = join(real, "bin", "java");
  if (!existsSync(javac) || !existsSync(java)) return undefined;
  let major = Number.NaN;
  try {
    const release = readFileSync(join(real, "release"), "utf8");
    const m = /^JAVA_VERSION="(?:1\.)?(\d+)/m.exec(release);
    if (m?.[1]) major = Number(m[1]);
  } catch {
    // no release file: not a JDK layout we trust
  }
  if (!Number.isInteger(major)) return undefined;
  return { home: real, major, javac, java };
}

/**
 * Installed JDKs (a javac beside a java, and a release file): JAVA_HOME, every folder of
 * /usr/lib/jvm, and the javac on PATH. Oldest first, so an old version is compiled and run by the
 * oldest JDK that can target it.
 */
export function discoverJdks(env: NodeJS.ProcessEnv = process.env, jvmDir = "/usr/lib/jvm"): Jdk[] {
  const candidates: string[] = [];
  if (env.JAVA_HOME) candidates.push(env.JAVA_HOME);
  try {
    for (const name of readdirSync(jvmDir)) candidates.push(join(jvmDir, name));
  } catch {
    // no /usr/lib/jvm
  }
  for (const dir of (env.PATH ?? "").split(":")) {
    if (!dir) continue;
    const javac = join(dir, "javac");
    if (existsSync(javac)) {
      try {
        candidates.push(dirname(dirname(realpathSync(javac))));
      } catch {
        // broken link
      }
    }
  }
  const found = new Map<string, Jdk>();
  for (const c of candidates) {
    const jdk = jdkAt(c);
    if (jdk && !found.has(jdk.home)) found.set(jdk.home, jdk);
  }
  return [...found.values()].sort((a, b) => a.major - b.major);
}
