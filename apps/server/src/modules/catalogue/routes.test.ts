import { lessonMinutes } from "@koc/shared";
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
      expect(Object.keys(c).sort()).toEqual([
        "_id",
        "access",
        "category",
        "description",
        "lessonCount",
        "level",
        "minutes",
        "title",
        "trials",
      ]);
      expect(["free", "premium"]).toContain(c.access);
    }
  });

  it("gives each course its level from the front matter, its total minutes and its number of trials", async () => {
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      level: string;
      minutes: number;
      trials: number;
    }[];
    const byId = new Map(courses.map((c) => [c._id, c]));
    expect(byId.get("java-programming")?.level).toBe("Beginner");
    expect(byId.get("system-design")?.level).toBe("Advanced");
    const lessons = (await t.app.inject({ method: "GET", url: "/api/materials/course/java-programming" })).json() as {
      minutes: number;
    }[];
    expect(byId.get("java-programming")?.minutes).toBe(lessons.reduce((n, l) => n + l.minutes, 0));
    const trials = (await t.app.inject({ method: "GET", url: "/api/exercises?courseId=java-programming" })).json();
    expect(Array.isArray(trials) ? trials.length : -1).toBe(byId.get("java-programming")?.trials);
    expect(byId.get("java-programming")?.trials).toBeGreaterThan(0);
    expect(byId.get("git-version-control")?.trials).toBe(0);
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

  it("lists a course's lessons in position order with minutes, no bodies and no answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/materials/course/java-programming" });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(64 * 1024);
    const lessons = res.json() as { _id: string; position: number; courseId: string; minutes: number }[];
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.map((l) => l.position)).toEqual(lessons.map((_, i) => i));
    for (const l of lessons) {
      expect(Object.keys(l).sort()).toEqual(
        ["_id", "courseId", "minutes", "open", "position", "questions", "title", "type"].sort(),
      );
      expect(l).toMatchObject({ courseId: "java-programming", minutes: lessonMinutes(l.position), open: true });
      expect(l._id.startsWith("java-programming--")).toBe(true);
    }
    expect(res.body).not.toMatch(/"(correct|content|quiz)"/);
  });

  it("serves one lesson's Markdown and questions without the answer key; 404 for an unknown id", async () => {
    const list = (await t.app.inject({ method: "GET", url: "/api/materials/course/java-programming" })).json();
    const res = await t.app.inject({ method: "GET", url: `/api/materials/${list[1]._id}` });
    expect(res.statusCode).toBe(200);
    const lesson = res.json();
    expect(lesson).toMatchObject({ _id: list[1]._id, position: 1, minutes: lessonMinutes(1) });
    expect(lesson.content.length).toBeGreaterThan(100);
    expect(lesson.quiz.length).toBeGreaterThan(0);
    for (const q of lesson.quiz) expect(Object.keys(q).sort()).toEqual(["options", "question"]);
    expect(res.body).not.toMatch(/"correct"/);

    const missing = await t.app.inject({ method: "GET", url: "/api/materials/java-programming--no-such-lesson" });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/materials/Bad_Id" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^params\.id: /);
  });

  it("answers 404 for the lessons of an unknown course", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/materials/course/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Course not found" });
  });
});
