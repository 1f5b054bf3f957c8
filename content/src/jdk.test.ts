import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { featureRelease, findJdk } from "./jdk.js";

describe("finding a JDK for the Java 21 examples", () => {
  const root = mkdtempSync(join(tmpdir(), "koc-jdk-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fakeJdk = (name: string, version: string) => {
    const home = join(root, name);
    mkdirSync(join(home, "bin"), { recursive: true });
    for (const tool of ["java", "javac"]) {
      writeFileSync(join(home, "bin", tool), "#!/bin/sh\n");
      chmodSync(join(home, "bin", tool), 0o755);
    }
    writeFileSync(join(home, "release"), `IMPLEMENTOR="Test"\nJAVA_VERSION="${version}"\n`);
    return home;
  };

  it("reads feature releases of old and new version strings", () => {
    expect(featureRelease("17.0.15")).toBe(17);
    expect(featureRelease("25.0.3")).toBe(25);
    expect(featureRelease("1.8.0_402")).toBe(8);
    expect(featureRelease("garbage")).toBeUndefined();
  });

  it("takes JAVA21_HOME or a JDK under the JVM folder when it is new enough", () => {
    const jdk21 = fakeJdk("jdk-21", "21.0.4");
    expect(findJdk(21, { JAVA21_HOME: jdk21 }, join(root, "none"))).toEqual({
      java: join(jdk21, "bin", "java"),
      release: 21,
    });
    const jvm = join(root, "jvm");
    mkdirSync(jvm);
    const home = fakeJdk("jvm/temurin-25", "25.0.3");
    expect(findJdk(21, {}, jvm)?.java).toBe(join(home, "bin", "java"));
  });

  it("finds nothing when every JDK is too old, so the Java 21 checks say they skipped", () => {
    const old = fakeJdk("jdk-17", "17.0.15");
    expect(findJdk(99, { JAVA_HOME: old }, join(root, "none"))).toBeUndefined();
  });
});
