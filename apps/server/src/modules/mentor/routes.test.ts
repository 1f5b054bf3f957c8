import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../../test/harness.js";

describe.each(engines)("mentor chat on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const ask = (message: unknown, ip = "10.0.0.1") =>
    t.app.inject({ method: "POST", url: "/api/ai/chat", payload: { message }, remoteAddress: ip });

  it("answers from the lesson that explains the question and names it", async () => {
    const res = await ask("How does a HashMap store key value pairs?");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.response).toMatch(/Read the whole lesson at \/course\//);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources.map((s: { lessonTitle: string }) => s.lessonTitle).join(" ")).toMatch(/Map|Hash/);
  });

  it("greets a greeting and admits when nothing matches", async () => {
    expect((await ask("hello")).json().response).toMatch(/Greetings, warrior/);
    expect((await ask("zzqx vvbn")).json().response).toMatch(/found nothing/);
  });

  it("answers 400 naming the field for an empty or oversized message", async () => {
    for (const bad of ["   ", "x".repeat(2001), 42]) {
      const res = await ask(bad, "10.0.0.2");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^body\.message/);
    }
  });

  it("rate-limits one address with a 429 and a message", async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await ask("loops", "10.0.0.9")).statusCode;
    expect(last).toBe(429);
    const res = await ask("loops", "10.0.0.9");
    expect(res.json().message).toMatch(/Try again in \d+ seconds/);
  });
});
