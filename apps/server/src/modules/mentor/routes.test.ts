/**
 * POST /api/ai/chat without a model (the default): answers from the lessons and the FAQ, the
 * development questions, hostile words, limits, premium lessons and the code check.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../../../test/accounts.js";
import { createTestApp, engines } from "../../../test/harness.js";
import { createJudge0Runner } from "../../adapters/code-runner/judge0.js";
import { RUNNER_OFF_MESSAGE } from "../../adapters/code-runner/off.js";
import { buildApp } from "../../app.js";
import { users } from "../../db/schema.js";
import { crossLanguage, parseQuestions } from "./eval/questions.js";
import { FAQ } from "./faq.js";
import { MENTOR_RATE_LIMIT } from "./routes.js";

interface Source {
  courseId: string;
  materialId: string;
  title: string;
  section: string;
}

describe.each(engines)("mentor chat on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  // A fresh address per question keeps the rate limit out of the tests that are not about it.
  const ask = (payload: unknown, ip = `10.1.${Math.floor(++n / 250)}.${n % 250}`) =>
    t.app.inject({ method: "POST", url: "/api/ai/chat", payload: payload as object, remoteAddress: ip });

  it("answers from the lesson that explains the question, names it and cites it", async () => {
    const res = await ask({ message: "How does a HashMap store key value pairs?" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; response: string; sources: Source[] };
    expect(body.success).toBe(true);
    expect(body.sources[0]).toEqual({
      courseId: "java-programming",
      materialId: "java-programming--maps",
      title: "HashMap and TreeMap",
      section: expect.any(String),
    });
    expect(body.response).toContain("**HashMap and TreeMap** (Java Programming)");
  });

  it("cites a right lesson in the top 3 for at least 85% of the development questions, never another language from a page", async () => {
    const questions = parseQuestions(readFileSync(new URL("./eval/dev-questions.txt", import.meta.url), "utf8"));
    let hits = 0;
    const crossed: string[] = [];
    for (const q of questions) {
      const res = await ask({ message: q.question, ...(q.context ? { context: q.context } : {}) });
      expect(res.statusCode).toBe(200);
      const top = (res.json().sources as Source[]).slice(0, 3);
      if (top.some((s) => q.expected.includes(s.materialId))) hits++;
      if (
        q.context &&
        crossLanguage(
          q,
          top.map((s) => s.courseId),
        )
      )
        crossed.push(q.question);
    }
    expect(questions.length).toBeGreaterThanOrEqual(200);
    // 97.6% on 2026-11-27 (558 of 572): a floor a little under it, so a rule that costs a few
    // development questions fails here and not only in the bench.
    expect(hits / questions.length).toBeGreaterThanOrEqual(0.95);
    expect(crossed).toEqual([]);
  });

  it("answers the quick questions from the curated FAQ, whose lessons all exist", async () => {
    const res = await ask({ message: "Explain OOP concepts" });
    const body = res.json() as { response: string; sources: Source[] };
    expect(body.response).toMatch(/encapsulation/);
    expect(body.sources.map((s) => s.materialId)).toContain("java-programming--classes-and-objects");
    const sorting = (await ask({ message: "Which sorting is fastest?" })).json();
    expect(sorting.response).toMatch(/no single fastest sort/);
    const ids = new Set<string>();
    for (const course of (await t.app.inject({ url: "/api/courses" })).json() as { _id: string }[]) {
      for (const m of (await t.app.inject({ url: `/api/materials/course/${course._id}` })).json() as { _id: string }[])
        ids.add(m._id);
    }
    expect(FAQ.flatMap((f) => f.materialIds).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("greets a greeting and admits when nothing matches", async () => {
    expect((await ask({ message: "hello" })).json().response).toMatch(/Greetings, warrior/);
    expect((await ask({ message: "zzqx vvbn" })).json()).toEqual({
      success: true,
      response: expect.stringMatching(/found nothing/),
      sources: [],
    });
  });

  it("answers 200 to words that live on Object.prototype, and to emoji only", async () => {
    for (const message of [
      "constructor",
      "what is a constructor?",
      "__proto__",
      "toString",
      "hasOwnProperty",
      "valueOf __defineGetter__ isPrototypeOf",
      "🔥🗡️👑",
    ]) {
      const res = await ask({ message, context: { courseId: "__proto__", materialId: "constructor" } });
      expect(res.statusCode, message).toBe(200);
      expect(res.json().success, message).toBe(true);
    }
  });

  it("answers 400 naming the field for a bad message or context", async () => {
    const cases: [unknown, RegExp][] = [
      [{ message: "   " }, /^body\.message/],
      [{ message: "x".repeat(2001) }, /^body\.message: must be at most 2000/],
      [{ message: 42 }, /^body\.message/],
      [{}, /^body\.message/],
      [{ message: "why?", context: { code: "x".repeat(20_001), language: "java" } }, /^body\.context\.code/],
      [{ message: "why?", context: { code: "x", language: "cobol" } }, /^body\.context\.language/],
      [{ message: "why?", context: "java" }, /^body\.context/],
    ];
    for (const [payload, message] of cases) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await ask({ message: "x".repeat(2000) })).statusCode).toBe(200);
  });

  it("rate-limits one address with a 429 in Kattappa's voice; other addresses still get answers", async () => {
    let last = 0;
    for (let i = 0; i <= MENTOR_RATE_LIMIT; i++) last = (await ask({ message: "loops" }, "10.0.0.9")).statusCode;
    expect(last).toBe(429);
    const res = await ask({ message: "loops" }, "10.0.0.9");
    expect(res.json().message).toMatch(
      /^Even Kattappa must catch his breath, warrior\. Ask me again in \d+ seconds\.$/,
    );
    expect((await ask({ message: "loops" }, "10.0.0.10")).statusCode).toBe(200);
  });

  it("answers a visitor from the free lesson on the same idea first, then names the premium lesson without quoting it", async () => {
    const res = await ask({ message: "How does a binary search tree keep its keys sorted?" });
    const body = res.json() as { response: string; sources: Source[] };
    expect(body.sources[0]?.courseId).toBe("java-programming");
    expect(body.sources[1]?.materialId).toBe("data-structures-algorithms--trees-and-binary-search-trees");
    expect(body.response).toMatch(/^From \*\*/);
    expect(body.response).toMatch(/the premium lesson \*\*Trees and Binary Search Trees\*\*/);
    expect(body.response).not.toMatch(/Tree Vocabulary|Traversals/);
  });

  it("quotes a premium lesson to a premium learner, and limits a learner apart from their address", async () => {
    const learner = await registerUser(t.app);
    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.email, learner.user.email));
    const asPremium = await t.app.inject({
      method: "POST",
      url: "/api/ai/chat",
      payload: { message: "How does a binary search tree keep its keys sorted?" },
      headers: learner.auth,
      remoteAddress: "10.0.0.20",
    });
    expect(asPremium.json().response).toMatch(/^From \*\*Trees and Binary Search Trees\*\*/);

    const other = await registerUser(t.app);
    const asOther = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/ai/chat",
        payload: { message: "loops" },
        headers: other.auth,
        remoteAddress: ip,
      });
    // The learner's budget follows them across addresses; the address keeps its own for visitors.
    for (let i = 0; i < MENTOR_RATE_LIMIT; i++) expect((await asOther(`10.0.1.${i}`)).statusCode).toBe(200);
    expect((await asOther("10.0.2.1")).statusCode).toBe(429);
    expect((await ask({ message: "loops" }, "10.0.1.0")).statusCode).toBe(200);
  });

  it("says honestly that the code cannot be compiled when the runner is off, and still answers", async () => {
    const res = await ask({
      message: "why does my code not compile?",
      context: { code: "class Main { void x() { int a = 1 } }", language: "java" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toContain(`I could not compile your code on this server: ${RUNNER_OFF_MESSAGE}`);
  });

  it("sends JavaScript and Python learners to the browser's Execute instead of pretending", async () => {
    const res = await ask({
      message: "why does my code fail?",
      context: { code: "console.log(x)", language: "javascript" },
    });
    expect(res.json().response).toMatch(/Your JavaScript runs in your browser/);
  });
});

describe("the mentor explains the compiler's first error (Judge0 engine, local fake)", () => {
  let server: Server;
  let url = "";
  const sources: string[] = [];
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  async function bodyOf(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { source_code: string };
  }

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const send = (body: unknown) => {
        res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/languages") return send([{ id: 91, name: "Java (JDK 17.0.6)" }]);
      const source = Buffer.from((await bodyOf(req)).source_code, "base64").toString("utf8");
      sources.push(source);
      if (source.includes("int a = 1 }")) {
        return send({
          status: { id: 6, description: "Compilation Error" },
          compile_output: b64("Main.java:3: error: ';' expected\n        int a = 1 }\n                 ^\n1 error\n"),
        });
      }
      if (source.includes("new int[2]")) {
        return send({
          status: { id: 11, description: "Runtime Error (NZEC)" },
          stderr: b64(
            'Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: Index 2 out of bounds for length 2\n\tat Main.main(Main.java:4)\n',
          ),
          exit_code: 1,
        });
      }
      send({ status: { id: 3, description: "Accepted" }, stdout: b64("hi\n"), exit_code: 0 });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("runs the same compile as /api/run and explains the first error with the lesson that covers it", async () => {
    const t = await createTestApp("pglite");
    const app = await buildApp({ database: t.database, codeRunner: createJudge0Runner({ url }) });
    try {
      const code = "public class Main {\n  public static void main(String[] args) {\n    int a = 1 }\n}";
      const res = await app.inject({
        method: "POST",
        url: "/api/ai/chat",
        payload: { message: "Why does this not compile?", context: { code, language: "java" } },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { response: string; sources: Source[] };
      expect(sources).toContain(code);
      expect(body.response).toMatch(/^Your code does not compile yet\. javac stops at line 3: `';' expected`\./);
      expect(body.response).toMatch(/ends with a semicolon/);
      expect(body.sources[0]?.materialId).toBe("java-programming--introduction-to-java");

      const crash = await app.inject({
        method: "POST",
        url: "/api/ai/chat",
        payload: {
          message: "my program crashes",
          context: { code: "class Main { int[] a = new int[2]; }", language: "java" },
        },
      });
      expect(crash.json().response).toMatch(/throws `ArrayIndexOutOfBoundsException: Index 2 .*` at line 4/);
      expect(crash.json().sources[0].materialId).toBe("java-programming--arrays");

      // A question that is not about the code does not compile it.
      const before = sources.length;
      await app.inject({
        method: "POST",
        url: "/api/ai/chat",
        payload: { message: "What is a HashMap?", context: { code, language: "java" } },
      });
      expect(sources).toHaveLength(before);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
