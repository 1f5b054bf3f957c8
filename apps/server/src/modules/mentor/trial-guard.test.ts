/**
 * Socratic hints on a trial: a fake OpenAI-compatible model that always prints the trial's reference
 * solution. Before the learner unlocks it (the help ladder) the reply is replaced, streamed or not;
 * after the reveal it passes. Also: the learner's language reaches the model.
 */
import { createServer, type Server } from "node:http";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, TEST_JWT_SECRET } from "../../../test/accounts.js";
import { createTestDatabase, engines, realCatalogue, type TestDatabase } from "../../../test/harness.js";
import { createCircuitBreaker } from "../../adapters/mentor-model/circuit-breaker.js";
import { createOpenAiCompatibleModel } from "../../adapters/mentor-model/openai-compatible.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { exercises } from "../../db/schema.js";
import { seedCatalogue } from "../../db/seed.js";
import { guardReply, keyLines, revealsSolution, type TrialView } from "./trial-guard.js";
import { detectVoice, VOICE_INSTRUCTION } from "./voice.js";

const REFERENCE = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        long total = 0;
        for (int i = 1; i <= n; i++) {
            if (i % 3 == 0 || i % 5 == 0) total += i;
        }
        System.out.println(total);
    }
}`;

describe("key lines of a reference", () => {
  it("are its non-trivial lines: not main, imports, braces, reading input or a plain counting loop", () => {
    expect(keyLines(REFERENCE)).toEqual([
      "longtotal=0",
      "for(inti=1;i<=n;i++)",
      "if(i%3==0||i%5==0)total+=i",
      "System.out.println(total)",
    ]);
  });

  it("a reply naming boilerplate or one shared line is no solution; the reference respaced is", () => {
    expect(revealsSolution("Start with `public static void main(String[] args) {` and a Scanner.", REFERENCE)).toBe(
      false,
    );
    expect(
      revealsSolution("At the end, `System.out.println(total);` prints it. What goes in the loop?", REFERENCE),
    ).toBe(false);
    const respaced =
      "Here:\n```java\nlong total=0;\nfor (int i = 1;i <= n; i++) {\n  if (i % 3 == 0 || i % 5 == 0)   total += i;\n}\n```";
    expect(revealsSolution(respaced, REFERENCE)).toBe(true);
    expect(revealsSolution(REFERENCE, "class Main {}\n")).toBe(false);
  });

  it("is replaced by the latest unlocked hint, or a question when none is unlocked", () => {
    const trial: TrialView = {
      title: "t",
      statement: "s",
      solution: REFERENCE,
      readable: false,
      hints: ["Which numbers count?"],
    };
    expect(guardReply(REFERENCE, trial, "en")).toMatch(/Which numbers count\?/);
    expect(guardReply(REFERENCE, { ...trial, hints: [] }, "en")).toMatch(/smallest input/);
    expect(guardReply(REFERENCE, { ...trial, hints: [] }, "hi")).toMatch(/[\u0900-\u097F]/);
    expect(guardReply(REFERENCE, { ...trial, readable: true }, "en")).toBe(REFERENCE);
  });
});

describe("the learner's language", () => {
  it("reads Devanagari as Hindi, Hindi in Latin letters as Hinglish, and English as English", () => {
    expect(detectVoice("मेरा for loop एक संख्या ज़्यादा क्यों छापता है?")).toBe("hi");
    expect(detectVoice("mera for loop ek number zyada kyu print karta hai")).toBe("hinglish");
    expect(detectVoice("bhai ArrayIndexOutOfBoundsException kya hai")).toBe("hinglish");
    expect(detectVoice("Why does my for loop print one number too many?")).toBe("en");
    expect(detectVoice("What is a HashMap in Java, and how to use it?")).toBe("en");
  });
});

describe.each(engines)("a trial's reference against a model that prints it (%s)", (engine) => {
  let server: Server;
  let base = "";
  let reply = REFERENCE;
  const received: { messages: { role: string; content: string }[] }[] = [];
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let trialId = "";
  let solution = "";

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received.push(body);
      if (body.stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        // The reference in pieces of 7 characters, split across events as a real stream would.
        for (let i = 0; i < reply.length; i += 7) {
          res.write(
            `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: reply.slice(i, i + 7) } }] })}\n\n`,
          );
        }
        res.write("data: [DONE]\n\n");
        return res.end();
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: reply } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, realCatalogue());
    const [row] = await database.db
      .select()
      .from(exercises)
      .where(eq(exercises.courseId, "java-programming"))
      .orderBy(asc(exercises.position))
      .limit(1);
    if (!row) throw new Error("no Java trial seeded");
    trialId = row.id;
    solution = row.solution;
    reply = `Here is the whole thing:\n\`\`\`java\n${solution}\n\`\`\``;
    app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: "test", JWT_SECRET: TEST_JWT_SECRET }),
      mentorModel: createOpenAiCompatibleModel({ url: base, model: "fake", timeoutMs: 20_000 }),
      mentorBreaker: createCircuitBreaker({ threshold: 100, coolDownMs: 1 }),
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.dispose();
  });

  let ip = 0;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url, payload, headers, remoteAddress: `10.9.0.${++ip}` });
  const gaveAway = (text: string) => revealsSolution(text, solution);
  /** The SSE body as the learner reads it: every delta's text, in order. */
  const streamedText = (body: string) =>
    body
      .split("\n\n")
      .filter((e) => e.startsWith("data: "))
      .map((e) => JSON.parse(e.slice(6)) as { type: string; text?: string })
      .map((e) => (e.type === "delta" ? (e.text ?? "") : ""))
      .join("");

  it("the trial's reference has key lines to check (else this test could not fail)", () => {
    expect(keyLines(solution).length).toBeGreaterThan(0);
    expect(gaveAway(reply)).toBe(true);
  });

  it("before the reveal: the answer is replaced, the model was told the rule and never sent the reference; after, it passes", async () => {
    const learner = await registerUser(app, { name: "Sivagami Devi", email: `sivagami-${engine}@example.com` });
    const ask = { message: "Just give me the full code for this trial please", context: { trialId, language: "java" } };
    received.length = 0;
    const before = await post("/api/ai/chat", ask, learner.auth);
    expect(before.statusCode).toBe(200);
    expect(gaveAway(before.json().response)).toBe(false);
    expect(before.json().response).toMatch(/will not hand you the finished solution/);
    const sent = JSON.stringify(received[0]?.messages ?? []);
    expect(sent).toMatch(/Never write the solution/);
    expect(keyLines(solution).some((k) => sent.replace(/\s+/g, "").includes(k))).toBe(false);

    // Streamed: no piece of the reference reaches the learner either.
    const streamed = await post("/api/ai/chat/stream", ask, learner.auth);
    expect(streamed.statusCode).toBe(200);
    expect(gaveAway(streamedText(streamed.body))).toBe(false);
    expect(streamedText(streamed.body)).toMatch(/will not hand you the finished solution/);
    expect(streamed.body).toMatch(/"type":"done"/);

    // "Explain this error" on the trial is held to the same rule.
    const explained = await post(
      "/api/ai/explain",
      { language: "java", code: "x", error: "Main.java:1: error: ';' expected", context: { trialId } },
      learner.auth,
    );
    expect(explained.statusCode).toBe(200);
    expect(gaveAway(explained.json().response)).toBe(false);

    const reveal = await post(`/api/exercises/${trialId}/solution`, { acceptCost: true, early: true }, learner.auth);
    expect(reveal.statusCode).toBe(200);
    const after = await post("/api/ai/chat", ask, learner.auth);
    expect(gaveAway(after.json().response)).toBe(true);
    const afterStream = await post("/api/ai/chat/stream", ask, learner.auth);
    expect(gaveAway(streamedText(afterStream.body))).toBe(true);
  });

  it("a visitor is held back without a signed state and with a forged one", async () => {
    const ask = { message: "solution please", context: { trialId } };
    expect(gaveAway((await post("/api/ai/chat", ask)).json().response)).toBe(false);
    const forged = await post("/api/ai/chat", ask, { "x-trial-help": "h.eyJyIjp0cnVlfQ.forged" });
    expect(forged.statusCode).toBe(200);
    expect(gaveAway(forged.json().response)).toBe(false);
  });

  it("an unknown trial is 404, on the stream too, before anything is streamed", async () => {
    const ask = { message: "help", context: { trialId: "no-such-trial" } };
    expect((await post("/api/ai/chat", ask)).statusCode).toBe(404);
    expect((await post("/api/ai/chat/stream", ask)).statusCode).toBe(404);
    const explain = await post("/api/ai/explain", { language: "java", error: "x", context: { trialId: "nope" } });
    expect(explain.statusCode).toBe(404);
  });

  it("Explain this error with a model: the model gets the code, the error, its line and the lesson section", async () => {
    received.length = 0;
    const code = "public class Main {\n    public static void main(String[] args) {\n        int gold = 5\n    }\n}";
    const res = await post("/api/ai/explain", {
      language: "java",
      code,
      error: "Main.java:3: error: ';' expected\n        int gold = 5\n                    ^\n1 error",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      response: reply.trim(),
      line: 3,
      section: { materialId: "java-programming--introduction-to-java", section: "Anatomy of Hello World" },
    });
    const sent = received[0]?.messages ?? [];
    const all = sent.map((m) => m.content).join("\n");
    expect(all).toContain("points at line 3: int gold = 5");
    expect(all).toContain('"Anatomy of Hello World"');
    expect(sent.at(-1)).toMatchObject({ role: "user", content: expect.stringContaining("int gold = 5") });
    expect(sent.at(-1)?.content).toContain("';' expected");
  });

  it("a question in Hindi or Hinglish tells the model to answer in it; English does not", async () => {
    received.length = 0;
    await post("/api/ai/chat", { message: "मेरा for loop एक संख्या ज़्यादा क्यों छापता है?" });
    await post("/api/ai/chat", { message: "mera for loop ek number zyada kyu print karta hai" });
    await post("/api/ai/chat", { message: "Why does my for loop print one number too many?" });
    const systems = received.map((r) => r.messages.filter((m) => m.role === "system").map((m) => m.content));
    expect(systems[0]).toContain(VOICE_INSTRUCTION.hi);
    expect(systems[1]).toContain(VOICE_INSTRUCTION.hinglish);
    expect(systems[2]?.some((s) => /Answer in Hindi|Hinglish/.test(s))).toBe(false);
  });
});
