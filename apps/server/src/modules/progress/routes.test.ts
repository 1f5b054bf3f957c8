import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";

const record = (completed: string[], extra: Partial<Record<string, unknown>> = {}) => ({
  completed,
  knowledgeUnlocked: completed,
  topicProgress: Object.fromEntries(completed.map((id) => [id, 100])),
  xp: completed.length * 50,
  streak: completed.length,
  ...extra,
});

describe.each(engines)("progress API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "PUT", url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("stores, returns and replaces the caller's record per course", async () => {
    const u = await registerUser(t.app);
    const empty = await get("/api/progress/java-programming", u.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ courseId: "java-programming", completed: [], xp: 0, streak: 0 });
    expect((await get("/api/progress", u.auth)).json()).toEqual([]);

    const saved = await put("/api/progress/java-programming", record(["a", "b", "a"]), u.auth);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ completed: ["a", "b"], xp: 150, topicProgress: { a: 100, b: 100 } });

    // Un-completing a lesson in the browser is kept: PUT replaces.
    await put("/api/progress/java-programming", record(["a"], { streak: 3 }), u.auth);
    const now = (await get("/api/progress/java-programming", u.auth)).json();
    expect(now).toMatchObject({ completed: ["a"], xp: 50, streak: 3 });
    const all = (await get("/api/progress", u.auth)).json();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ courseId: "java-programming", completed: ["a"] });
  });

  it("answers 404 for an unknown course", async () => {
    const u = await registerUser(t.app);
    expect((await get("/api/progress/no-such-course", u.auth)).statusCode).toBe(404);
    expect((await put("/api/progress/no-such-course", record([]), u.auth)).statusCode).toBe(404);
  });

  it("answers bad bodies with 400, never 500", async () => {
    const u = await registerUser(t.app);
    const bad: unknown[] = [
      {},
      { ...record([]), completed: "a" },
      { ...record([]), xp: -1 },
      { ...record([]), xp: "50" },
      { ...record([]), streak: 1.5 },
      { ...record([]), topicProgress: { a: 101 } },
      { ...record([]), completed: ["x".repeat(500)] },
      { ...record([]), completed: Array.from({ length: 1001 }, (_, i) => `m${i}`) },
      [],
    ];
    for (const body of bad) {
      const res = await put("/api/progress/java-programming", body, u.auth);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(/^body/);
    }
    const notJson = await t.app.inject({
      method: "PUT",
      url: "/api/progress/java-programming",
      headers: { ...u.auth, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("requires a login for every progress endpoint", async () => {
    expect((await get("/api/progress")).statusCode).toBe(401);
    expect((await get("/api/progress/java-programming")).statusCode).toBe(401);
    expect((await put("/api/progress/java-programming", record(["a"]))).statusCode).toBe(401);
  });

  it("never shows or changes another user's progress", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await put("/api/progress/java-programming", record(["a", "b"]), alice.auth);
    expect((await get("/api/progress", bob.auth)).json()).toEqual([]);
    expect((await get("/api/progress/java-programming", bob.auth)).json().completed).toEqual([]);
    await put("/api/progress/java-programming", record([]), bob.auth);
    expect((await get("/api/progress/java-programming", alice.auth)).json().completed).toEqual(["a", "b"]);
  });
});
