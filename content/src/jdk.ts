import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Jdk {
  /** The `java` launcher to start the compile and run tools with. */
  java: string;
  /** Its feature release: 17 for 17.0.15, 25 for 25.0.3. */
  release: number;
}

/** "17.0.15", "25.0.3", "1.8.0_402" -> 17, 25, 8. */
export function featureRelease(version: string): number | undefined {
  const m = /^(?:1\.)?(\d+)/.exec(version.trim());
  return m ? Number(m[1]) : undefined;
}

function jdkAt(home: string): Jdk | undefined {
  const java = join(home, "bin", "java");
  if (!existsSync(java) || !existsSync(join(home, "bin", "javac"))) return undefined;
  try {
    const m = /^JAVA_VERSION="([^"]+)"/m.exec(readFileSync(join(home, "release"), "utf8"));
    const release = m ? featureRelease(m[1] ?? "") : undefined;
    return release === undefined ? undefined : { java, release };
  } catch {
    return undefined;
  }
}

function jdkOnPath(): Jdk | undefined {
  if (spawnSync("javac", ["-version"]).status !== 0) return undefined;
  const out = spawnSync("java", ["-version"], { encoding: "utf8" });
  const m = /version "([^"]+)"/.exec(`${out.stderr}${out.stdout}`);
  const release = m ? featureRelease(m[1] ?? "") : undefined;
  return release === undefined ? undefined : { java: "java", release };
}

/**
 * A JDK of at least `minRelease`: JAVA21_HOME, then JAVA_HOME, then the java on PATH, then every
 * JDK under /usr/lib/jvm (where Debian and the Temurin packages install them). Undefined when
 * none is installed; the content tests then say that the Java 21 examples were skipped.
 */
export function findJdk(
  minRelease: number,
  env: NodeJS.ProcessEnv = process.env,
  jvmDir = "/usr/lib/jvm",
): Jdk | undefined {
  const homes = [env.JAVA21_HOME, env.JAVA_HOME].filter((h): h is string => Boolean(h));
  const installed = existsSync(jvmDir) ? readdirSync(jvmDir).map((d) => join(jvmDir, d)) : [];
  const candidates = [...homes.map(jdkAt), jdkOnPath(), ...installed.map(jdkAt)];
  return candidates.find((j): j is Jdk => j !== undefined && j.release >= minRelease);
}
