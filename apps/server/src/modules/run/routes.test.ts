/**
 * POST /api/run and GET /api/run/status without a local JDK: validation, the "off" engine (503),
 * the rate limit (429), and the Judge0 adapter against a local fake Judge0 CE server.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/harness.js";
import { createJudge0Runner, toJudge0Source } from "../../adapters/code-runner/judge0.js";
import { RUNNER_OFF_MESSAGE } from "../../adapters/code-runner/off.js";
import type { CodeRunner } from "../../adapters/code-runner/types.js";
import { buildApp } from "../../app.js";
import { RUN_RATE_LIMIT } from "./routes.js";

const HELLO = 'public class Main { public static void main(String[] a) { System.out.println("hi"); } }';

async function appWith(database: TestDatabase, codeRunner?: CodeRunner) {
  const app = await buildApp({ database, ...(codeRunner ? { codeRunner } : {}) });
  await app.ready();
  return app;
}

describe.each(engines)("run API on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  describe("with no runner (the default, and CODE_RUNNER=off)", () => {
    let app: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      app = await appWith(database);
    });
    afterAll(() => app.close());

    it("reports engine off with no version, and answers 503 with a message", async () => {
      const status = await app.inject({ method: "GET", url: "/api/run/status" });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({
        engine: "off",
        versions: { java7: false, java8: false, java17: false, java21: false },
      });
      const res = await app.inject({ method: "POST", url: "/api/run", payload: { language: "java", code: HELLO } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: RUNNER_OFF_MESSAGE });
    });

    it("answers 400 naming the field for bad bodies", async () => {
      const cases: [unknown, RegExp][] = [
        [{ language: "java" }, /^body\.code: /],
        [{ language: "java", code: "" }, /^body\.code: must not be empty/],
        [{ language: "python", code: "print(1)" }, /^body\.language: /],
        [{ language: "java", version: "java11", code: HELLO }, /^body\.version: /],
        [{ language: "java", code: "x".repeat(100_001) }, /^body\.code: must be at most 100000 characters/],
        [{ language: "java", code: HELLO, stdin: 42 }, /^body\.stdin: /],
        [{ language: "java", code: 12 }, /^body\.code: /],
      ];
      for (const [payload, message] of cases) {
        const res = await app.inject({ method: "POST", url: "/api/run", payload: payload as object });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      const notJson = await app.inject({
        method: "POST",
        url: "/api/run",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe("rate limit", () => {
    it(`answers 429 with a message after ${RUN_RATE_LIMIT} runs a minute from one address`, async () => {
      const ran: string[] = [];
      const fake: CodeRunner = {
        engine: "local",
        status: async () => ({ engine: "local", versions: { java7: true, java8: true, java17: true, java21: true } }),
        run: async (job) => {
          ran.push(job.version);
          return { stdout: "hi\n", stderr: "", exitCode: 0, timeMs: 1, timedOut: false, truncated: false };
        },
        runCases: async () => ({ runs: [] }),
        runTests: async () => ({}),
        close: async () => undefined,
      };
      const app = await appWith(database, fake);
      try {
        const post = (ip: string) =>
          app.inject({
            method: "POST",
            url: "/api/run",
            remoteAddress: ip,
            payload: { language: "java", code: HELLO },
          });
        for (let i = 0; i < RUN_RATE_LIMIT; i++) expect((await post("10.0.0.1")).statusCode).toBe(200);
        const limited = await post("10.0.0.1");
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toMatch(/^Too many runs from your address\. Please wait \d+ seconds/);
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
        expect((await post("10.0.0.2")).statusCode).toBe(200);
        expect(ran).toHaveLength(RUN_RATE_LIMIT + 1);
        expect(ran[0]).toBe("java17");
      } finally {
        await app.close();
      }
    });
  });

  describe("Judge0 adapter against a local fake Judge0 CE", () => {
    let server: Server;
    let url = "";
    const received: { path: string; body: Record<string, unknown>; source: string; stdin: string }[] = [];
    const b64 = (s: string) => Buffer.from(s).toString("base64");

    async function bodyOf(req: IncomingMessage): Promise<string> {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    }

    beforeAll(async () => {
      server = createServer(async (req, res) => {
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        };
        if (req.method === "GET" && req.url === "/languages") {
          return send(200, [
            { id: 62, name: "Java (OpenJDK 13.0.1)" },
            { id: 91, name: "Java (JDK 17.0.6)" },
            { id: 71, name: "Python (3.8.1)" },
          ]);
        }
        if (req.method === "POST" && req.url?.startsWith("/submissions")) {
          const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
          const source = Buffer.from(String(body.source_code), "base64").toString("utf8");
          const stdin = Buffer.from(String(body.stdin ?? ""), "base64").toString("utf8");
          received.push({ path: req.url, body, source, stdin });
          if (source.includes("COMPILE_ME_NOT")) {
            return send(201, {
              status: { id: 6, description: "Compilation Error" },
              compile_output: b64("Main.java:1: error: ';' expected\n1 error\n"),
            });
          }
          if (source.includes("while (true)")) {
            return send(201, { status: { id: 5, description: "Time Limit Exceeded" }, time: "5.0", stdout: null });
          }
          if (source.includes("System.exit(3)")) {
            return send(201, {
              status: { id: 11, description: "Runtime Error (NZEC)" },
              stdout: b64("bye\n"),
              exit_code: 3,
              message: b64("Exited with error status 3"),
              time: "0.1",
            });
          }
          if (source.includes("BIG_OUTPUT")) {
            return send(201, {
              status: { id: 3, description: "Accepted" },
              stdout: b64("y".repeat(100_000)),
              exit_code: 0,
            });
          }
          return send(201, {
            status: { id: 3, description: "Accepted" },
            stdout: b64(`out:${stdin || "hi"}\n`),
            stderr: null,
            exit_code: 0,
            time: "0.042",
          });
        }
        send(404, { error: "not found" });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("reports the versions the cluster's Java languages can compile", async () => {
      const app = await appWith(database, createJudge0Runner({ url }));
      try {
        const res = await app.inject({ method: "GET", url: "/api/run/status" });
        expect(res.json()).toEqual({
          engine: "judge0",
          versions: { java7: true, java8: true, java17: true, java21: false },
        });
      } finally {
        await app.close();
      }
    });

    it("sends base64 with wait=true to the oldest fitting language and maps every outcome", async () => {
      const app = await appWith(database, createJudge0Runner({ url }));
      const post = (payload: object) =>
        app.inject({ method: "POST", url: "/api/run", payload: { language: "java", ...payload } });
      try {
        received.length = 0;
        const ok = await post({ version: "java8", code: HELLO, stdin: "Kattappa" });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({
          stdout: "out:Kattappa\n",
          stderr: "",
          exitCode: 0,
          timeMs: 42,
          timedOut: false,
          truncated: false,
        });
        expect(received[0]?.path).toBe("/submissions?base64_encoded=true&wait=true");
        expect(received[0]?.body).toMatchObject({ language_id: 62, source_code: b64(HELLO) });
        expect(received[0]?.stdin).toBe("Kattappa");

        await post({ version: "java17", code: HELLO });
        expect(received[1]?.body.language_id).toBe(91);

        const compile = await post({ code: "public class Main { COMPILE_ME_NOT }" });
        expect(compile.json()).toMatchObject({
          compileError: "Main.java:1: error: ';' expected\n1 error",
          exitCode: null,
        });

        const loop = await post({
          code: "public class Main { public static void main(String[] a) { while (true) {} } }",
        });
        expect(loop.json()).toMatchObject({ timedOut: true, exitCode: null });
        expect(loop.json().stderr).toBe("");

        const exit = await post({
          code: "public class Main { public static void main(String[] a) { System.exit(3); } }",
        });
        expect(exit.json()).toMatchObject({ stdout: "bye\n", exitCode: 3, timedOut: false });

        const big = await post({ code: "public class Main { /* BIG_OUTPUT */ }" });
        expect(big.json()).toMatchObject({ truncated: true });
        expect(big.json().stdout).toHaveLength(64 * 1024);

        const java21 = await post({ version: "java21", code: HELLO });
        expect(java21.statusCode).toBe(422);
        expect(java21.json().message).toMatch(/^Java 21 is not offered by the Judge0 runner/);
      } finally {
        await app.close();
      }
    });

    it("wraps a public class not named Main so Judge0's Main.java compiles, keeping line numbers", () => {
      const code = 'public class Hello {\n  public static void main(String[] a) { System.out.println("x"); }\n}\n';
      const source = toJudge0Source(code);
      expect(source.split("\n").slice(0, 3)).toEqual([
        "       class Hello {",
        '  public static void main(String[] a) { System.out.println("x"); }',
        "}",
      ]);
      expect(source).toContain(
        "class Main { public static void main(String[] args) throws Throwable { Hello.main(args); } }",
      );
      expect(toJudge0Source(HELLO)).toBe(HELLO);
    });

    it("answers 503 with a message when Judge0 cannot be reached", async () => {
      const app = await appWith(database, createJudge0Runner({ url: "http://127.0.0.1:9", timeoutMs: 2000 }));
      try {
        const res = await app.inject({ method: "POST", url: "/api/run", payload: { language: "java", code: HELLO } });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toMatch(/Judge0\) cannot be reached/);
        const status = await app.inject({ method: "GET", url: "/api/run/status" });
        expect(status.json().engine).toBe("judge0");
      } finally {
        await app.close();
      }
    });
  });
});
