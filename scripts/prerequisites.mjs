// The system packages `npm test` needs besides Node: Chromium (end-to-end tests), a JDK and
// bubblewrap (real Java runs and the lessons' compile check), JUnit 5 (the Java trials' hidden unit
// tests), CPython (the lessons' Python examples, the Python trials on the server), poppler's
// pdftotext (PDF checks). A JDK 21+ (for the Java 21 trials) is used when one is installed (CI's
// image has Temurin 25) but never required: without it those checks say they were skipped.
// Installs what is missing with apt-get when it can (as root, or through `sudo -n`); otherwise it
// stops before the slow steps and prints the one command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const onPath = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

const needs = [
  { pkg: "chromium", present: () => existsSync(chromium) },
  // The browser built for automation: most e2e tests and the HTML trials' checks run in it (faster);
  // the full browser above is kept for what only it does (the app's installability verdict).
  {
    pkg: "chromium-headless-shell",
    present: () => existsSync(process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell"),
  },
  { pkg: "fonts-liberation", present: () => existsSync("/usr/share/fonts/truetype/liberation") },
  { pkg: "openjdk-17-jdk-headless", present: () => onPath("javac") },
  { pkg: "bubblewrap", present: () => onPath("bwrap") },
  // Debian's junit5: the JUnit Platform launcher the server and the content checks run hidden tests with.
  { pkg: "junit5", present: () => existsSync("/usr/share/java/junit-platform-console-standalone.jar") },
  // The server runs Python trials with /usr/bin/python3 inside the sandbox (which sees only /usr).
  { pkg: "python3", present: () => existsSync("/usr/bin/python3") },
  { pkg: "poppler-utils", present: () => onPath("pdftotext") },
];

const missing = needs.filter((n) => !n.present()).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

const command = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
const hasApt = onPath("apt-get");
const isRoot = process.getuid?.() === 0;
const canSudo = !isRoot && onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;

if (hasApt && (isRoot || canSudo)) {
  console.log(`Installing what the tests need: ${missing.join(", ")}`);
  const prefix = isRoot ? [] : ["sudo", "-n"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, ...args];
    return spawnSync(cmd, rest, { stdio: "inherit", env }).status === 0;
  };
  if (
    run(["apt-get", "update", "-qq"]) &&
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing])
  ) {
    process.exit(0);
  }
  console.error(`\nInstalling failed. Run it yourself:\n\n  sudo ${command}\n`);
  process.exit(1);
}

console.error(
  `\nnpm test needs ${missing.join(", ")}, and cannot install ${missing.length > 1 ? "them" : "it"} here.\n` +
    (hasApt
      ? `Run this once, then npm test again:\n\n  sudo ${command}\n`
      : `Install the equivalent packages with your system's package manager (a JDK 17+, JUnit 5, bubblewrap, Chromium and pdftotext), or set CHROMIUM_PATH to a Chromium or Chrome binary.\n`),
);
process.exit(1);
