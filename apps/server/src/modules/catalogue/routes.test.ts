import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../../test/harness.js";

describe.each(engines)("catalogue API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("lists the courses in catalogue order with their access and lesson counts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/courses" });
    expect(res.statusCode).toBe(200);
    const courses = res.json() as { _id: string; access: string; lessonCount: number; title: string }[];
    expect(courses.length).toBeGreaterThan(0);
    const java = courses.find((c) => c._id === "java-programming");
    expect(java).toMatchObject({ title: "Java Programming", access: "free" });
    for (const c of courses) {
      expect(Object.keys(c).sort()).toEqual(["_id", "access", "category", "description", "lessonCount", "title"]);
      expect(["free", "premium"]).toContain(c.access);
    }
  });

  it("returns one course by id and 404 for an unknown one", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/api/courses/java-programming" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: "java-programming", category: "Programming Languages" });

    const missing = await t.app.inject({ method: "GET", url: "/api/courses/no-such-course" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Course not found" });
  });

  it("answers 400 naming the parameter for a malformed id", async () => {
    for (const bad of ["Not_A_Slug", "%27%20or%201%3D1", "a".repeat(200), "--x"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/courses/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^params\.id: /);
    }
  });

  it("lists a course's lessons in position order with content and quiz", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/materials/course/java-programming" });
    expect(res.statusCode).toBe(200);
    const lessons = res.json() as { _id: string; position: number; courseId: string; quiz: unknown[] }[];
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.map((l) => l.position)).toEqual(lessons.map((_, i) => i));
    for (const l of lessons) {
      expect(l.courseId).toBe("java-programming");
      expect(l._id.startsWith("java-programming--")).toBe(true);
      expect(Array.isArray(l.quiz)).toBe(true);
    }
  });

  it("answers 404 for the lessons of an unknown course", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/materials/course/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Course not found" });
  });
});
