import { verificationCodePattern } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { passAndComplete, putCompleted } from "../../../test/quiz.js";

describe.each(engines)("certificates API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let course: { _id: string; title: string };
  let lessonIds: string[];
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      title: string;
      access: string;
      lessonCount: number;
    }[];
    const smallest = courses
      .filter((c) => c.lessonCount > 0 && c.access === "free")
      .sort((a, b) => a.lessonCount - b.lessonCount)[0];
    if (!smallest) throw new Error("no course with lessons");
    course = smallest;
    const lessons = (await t.app.inject({ method: "GET", url: `/api/materials/course/${course._id}` })).json() as {
      _id: string;
    }[];
    lessonIds = lessons.map((l) => l._id);
  });
  afterAll(() => t.close());

  const complete = (auth: Record<string, string>, ids: string[]) => passAndComplete(t.app, auth, course._id, ids);
  const issue = (auth: Record<string, string>, courseId = course._id) =>
    t.app.inject({ method: "POST", url: "/api/certificates", headers: auth, payload: { courseId } });
  const verify = (code: string) =>
    t.app.inject({ method: "GET", url: `/api/certificates/${encodeURIComponent(code)}` });

  it("refuses with 409 naming what remains until every topic is completed on the server, then issues one code", async () => {
    const u = await registerUser(t.app, { name: "Grace Hopper" });
    const none = await issue(u.auth);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(
      `Complete every topic of ${course.title} to earn its certificate: ${lessonIds.length} of ${lessonIds.length} topics remain.`,
    );

    await complete(u.auth, lessonIds.slice(0, -1));
    const oneLeft = await issue(u.auth);
    expect(oneLeft.statusCode).toBe(409);
    expect(oneLeft.json().message).toMatch(/1 of \d+ topic remains\.$/);

    await complete(u.auth, lessonIds);
    const first = await issue(u.auth);
    expect(first.statusCode).toBe(201);
    const cert = first.json();
    expect(cert).toMatchObject({ name: "Grace Hopper", courseTitle: course.title, courseId: course._id });
    expect(cert.code).toMatch(verificationCodePattern);
    expect(Object.keys(cert).sort()).toEqual(["code", "courseId", "courseTitle", "issuedAt", "name", "verifyUrl"]);

    const second = await issue(u.auth);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(cert);

    const publicView = await verify(cert.code);
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()).toEqual(cert);
  });

  it("answers 404 for an unknown code or course, 401 without a login, 400 for a bad body", async () => {
    expect((await verify("KOC-1700000000000-ABCDEFGHI")).statusCode).toBe(404);
    expect((await verify("anything")).json()).toEqual({ message: "No certificate has this verification code." });
    expect((await verify("x".repeat(150))).statusCode).toBe(400);
    const u = await registerUser(t.app);
    expect((await issue(u.auth, "no-such-course")).statusCode).toBe(404);
    expect((await issue({})).statusCode).toBe(401);
    for (const payload of [{}, { courseId: 5 }, { courseId: "x".repeat(500) }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/certificates", headers: u.auth, payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it("issues only from the caller's own progress and never another user's certificate", async () => {
    const alice = await registerUser(t.app, { name: "Alice" });
    const bob = await registerUser(t.app, { name: "Bob" });
    await complete(alice.auth, lessonIds);
    // Alice's finished course earns Bob nothing.
    expect((await issue(bob.auth)).statusCode).toBe(409);
    const aliceCert = (await issue(alice.auth)).json();
    await complete(bob.auth, lessonIds);
    const bobCert = (await issue(bob.auth)).json();
    expect(bobCert.code).not.toBe(aliceCert.code);
    expect(bobCert.name).toBe("Bob");
    expect((await verify(aliceCert.code)).json().name).toBe("Alice");
  });

  it("a forged completion PUT (no passed quiz) completes nothing and earns no certificate", async () => {
    const u = await registerUser(t.app);
    const forged = await putCompleted(t.app, u.auth, course._id, lessonIds);
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ completed: [], knowledgeUnlocked: [], topicProgress: {}, xp: 0 });
    const res = await issue(u.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`${lessonIds.length} of ${lessonIds.length} topics remain`));
  });

  it("premium courses' certificates need premium", async () => {
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      access: string;
    }[];
    const premium = courses.find((c) => c.access === "premium");
    if (!premium) throw new Error("no premium course");
    const u = await registerUser(t.app);
    const res = await issue(u.auth, premium._id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/premium/i);
  });
});
