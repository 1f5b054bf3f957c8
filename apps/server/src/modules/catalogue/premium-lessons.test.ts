import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { users } from "../../db/schema.js";

describe.each(engines)("premium lessons on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let preview: string;
  let premiumLesson: string;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      access: string;
    }[];
    const premiumCourse = courses.find((c) => c.access === "premium");
    if (!premiumCourse) throw new Error("the catalogue has no premium course");
    const list = (await t.app.inject({ method: "GET", url: `/api/materials/course/${premiumCourse._id}` })).json();
    preview = list[0]._id;
    premiumLesson = list[1]._id;
  });
  afterAll(() => t.close());

  const read = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/materials/${id}`, headers });

  it("refuses a premium lesson to visitors and free learners with a message, and keeps the preview open", async () => {
    const visitor = await read(premiumLesson);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().message).toMatch(/premium/i);
    expect(visitor.body).not.toMatch(/"content"/);

    const free = await registerUser(t.app);
    expect((await read(premiumLesson, free.auth)).statusCode).toBe(403);
    // A forged or stale token is just a visitor.
    expect((await read(premiumLesson, { authorization: "Bearer forged.token.here" })).statusCode).toBe(403);

    for (const headers of [{}, free.auth]) {
      const res = await read(preview, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().content.length).toBeGreaterThan(0);
    }
  });

  it("marks in the list which lessons the caller may open", async () => {
    const premiumCourseId = premiumLesson.split("--")[0];
    const visitorList = (await t.app.inject({ method: "GET", url: `/api/materials/course/${premiumCourseId}` })).json();
    expect(visitorList.map((l: { open: boolean }) => l.open)).toEqual(
      visitorList.map((_: unknown, i: number) => i === 0),
    );
  });

  it("serves every lesson of a premium course to a premium learner", async () => {
    const learner = await registerUser(t.app);
    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.id, learner.user._id));
    const res = await read(premiumLesson, learner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().content.length).toBeGreaterThan(0);
    const premiumCourseId = premiumLesson.split("--")[0];
    const list = (
      await t.app.inject({ method: "GET", url: `/api/materials/course/${premiumCourseId}`, headers: learner.auth })
    ).json();
    expect(list.every((l: { open: boolean }) => l.open)).toBe(true);
  });
});
