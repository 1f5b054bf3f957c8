import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { passAndComplete, putCompleted } from "../../../test/quiz.js";
import { users } from "../../db/schema.js";

describe.each(engines)("enrolments API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "PUT" | "DELETE", url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers });

  it("enrols, keeps the first enrolledAt when enrolling again, lists and unenrols", async () => {
    const u = await registerUser(t.app);
    expect((await call("GET", "/api/enrollments", u.auth)).json()).toEqual([]);

    const first = await call("PUT", "/api/enrollments/java-programming", u.auth);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ _id: "java-programming", title: "Java Programming" });
    const again = await call("PUT", "/api/enrollments/java-programming", u.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().enrolledAt).toBe(first.json().enrolledAt);

    const list = (await call("GET", "/api/enrollments", u.auth)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: "java-programming", enrolledAt: first.json().enrolledAt });
    expect(list[0].lessonCount).toBeGreaterThan(0);

    expect((await call("DELETE", "/api/enrollments/java-programming", u.auth)).statusCode).toBe(204);
    expect((await call("GET", "/api/enrollments", u.auth)).json()).toEqual([]);
    expect((await call("DELETE", "/api/enrollments/java-programming", u.auth)).statusCode).toBe(204);
  });

  it("says where the learner stands: lessons completed on the server and the first one not yet completed", async () => {
    const u = await registerUser(t.app);
    const lessons = await t.app.catalogue.lessonsWithAnswers("java-programming");
    const [first, second, third] = lessons;
    if (!first || !second || !third) throw new Error("the Java course needs three lessons");
    const fresh = (await call("PUT", "/api/enrollments/java-programming", u.auth)).json();
    expect(fresh.progress).toEqual({ completed: 0, next: { _id: first._id, title: first.title } });
    expect(fresh).toMatchObject({ level: "Beginner", lessonCount: lessons.length });

    // A completion claimed without a passed quiz is not the server's: it does not move "next".
    await putCompleted(t.app, u.auth, "java-programming", [first._id]);
    expect((await call("GET", "/api/enrollments", u.auth)).json()[0].progress.completed).toBe(0);

    // Lessons 1 and 3 done: the next is lesson 2, the first gap in course order.
    await passAndComplete(t.app, u.auth, "java-programming", [first._id, third._id]);
    expect((await call("GET", "/api/enrollments", u.auth)).json()[0].progress).toEqual({
      completed: 2,
      next: { _id: second._id, title: second.title },
    });
  });

  it("unenrolling deletes that course's completions (the warning's promise) and no other course's", async () => {
    const u = await registerUser(t.app);
    const java = (await t.app.catalogue.lessonsWithAnswers("java-programming"))[0]?._id ?? "";
    const python = (await t.app.catalogue.lessonsWithAnswers("python-programming"))[0]?._id ?? "";
    await call("PUT", "/api/enrollments/java-programming", u.auth);
    await call("PUT", "/api/enrollments/python-programming", u.auth);
    await passAndComplete(t.app, u.auth, "java-programming", [java]);
    await passAndComplete(t.app, u.auth, "python-programming", [python]);

    expect((await call("DELETE", "/api/enrollments/java-programming", u.auth)).statusCode).toBe(204);
    const javaProgress = (await call("GET", "/api/progress/java-programming", u.auth)).json();
    expect(javaProgress.completed).toEqual([]);
    const pythonProgress = (await call("GET", "/api/progress/python-programming", u.auth)).json();
    expect(pythonProgress.completed).toEqual([python]);
    // Enrolling again starts from the first lesson.
    expect((await call("PUT", "/api/enrollments/java-programming", u.auth)).json().progress.completed).toBe(0);
  });

  it("answers 404 for an unknown course and 400 for a malformed id", async () => {
    const u = await registerUser(t.app);
    expect((await call("PUT", "/api/enrollments/no-such-course", u.auth)).statusCode).toBe(404);
    expect((await call("PUT", "/api/enrollments/Bad_Id", u.auth)).statusCode).toBe(400);
  });

  it("refuses a premium course to a free learner with a message, and opens it once premium", async () => {
    const u = await registerUser(t.app);
    const refused = await call("PUT", "/api/enrollments/react-development", u.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/premium course.*upgrade/i);
    expect((await call("GET", "/api/enrollments", u.auth)).json()).toEqual([]);
    // Premium is read from the database (set here as a verified payment or an operator's grant would).
    await t.database.db.update(users).set({ isPremium: true }).where(eq(users.id, u.user._id));
    expect((await call("PUT", "/api/enrollments/react-development", u.auth)).statusCode).toBe(201);
  });

  it("requires a login for every enrolment endpoint", async () => {
    for (const [method, url] of [
      ["GET", "/api/enrollments"],
      ["PUT", "/api/enrollments/java-programming"],
      ["DELETE", "/api/enrollments/java-programming"],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("never shows or changes another user's enrolments", async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    await call("PUT", "/api/enrollments/java-programming", alice.auth);
    expect((await call("GET", "/api/enrollments", bob.auth)).json()).toEqual([]);
    // Bob's unenrol touches only Bob's rows.
    await call("DELETE", "/api/enrollments/java-programming", bob.auth);
    expect((await call("GET", "/api/enrollments", alice.auth)).json()).toHaveLength(1);
    // Bob enrolling gives Bob his own row with his own date.
    await call("PUT", "/api/enrollments/java-programming", bob.auth);
    expect((await call("GET", "/api/enrollments", alice.auth)).json()).toHaveLength(1);
    expect((await call("GET", "/api/enrollments", bob.auth)).json()).toHaveLength(1);
  });
});
