import { type Course, lessonMinutes } from "@koc/shared";
import { describe, expect, it } from "vitest";
import { summary } from "../lib/page-head";
import { publicCatalogue } from "./prerender-catalogue";

const lesson = (id: string, position: number, quiz = 5) => ({
  id,
  position,
  title: `Lesson ${id}`,
  type: "lesson" as const,
  quiz: Array.from({ length: quiz }, () => ({})),
});

const catalogue = {
  courses: [
    {
      id: "zeta",
      title: "Zeta",
      description: "Z.",
      category: "C",
      access: "premium",
      level: "Advanced",
      order: 2,
      lessons: [lesson("z1", 1), lesson("z0", 0)],
      exercises: [{}, {}, {}],
    },
    {
      id: "alpha",
      title: "Alpha",
      description: "A.",
      category: "C",
      access: "free",
      level: "Beginner",
      order: 1,
      lessons: [lesson("a0", 0, 3)],
    },
    {
      id: "beta",
      title: "Beta",
      description: "B.",
      category: "C",
      access: "free",
      level: "Intermediate",
      order: 2,
      lessons: [],
    },
  ],
};

describe("the prerender's catalogue answers", () => {
  it("lists courses as GET /api/courses does: by order, then title, with their lesson counts", () => {
    const data = publicCatalogue(catalogue);
    expect(data.courseIds).toEqual(["alpha", "beta", "zeta"]);
    const [[key, list]] = data.common as [[unknown[], { _id: string; lessonCount: number }[]]];
    expect(key).toEqual(["courses"]);
    expect(list.map((c) => [c._id, c.lessonCount])).toEqual([
      ["alpha", 1],
      ["beta", 0],
      ["zeta", 2],
    ]);
  });

  it("gives each card its level, its minutes as the server adds them up, and its number of trials", () => {
    const [[, list]] = publicCatalogue(catalogue).common as [[unknown[], Course[]]];
    expect(list.map((c) => [c._id, c.level, c.minutes, c.trials])).toEqual([
      ["alpha", "Beginner", lessonMinutes(0), 0],
      ["beta", "Intermediate", 0, 0],
      ["zeta", "Advanced", lessonMinutes(0) + lessonMinutes(1), 3],
    ]);
  });

  it("gives a visitor a premium course's first lesson only, in position order, without bodies", () => {
    const [[courseKey, course], [materialsKey, materials]] = publicCatalogue(catalogue).course("zeta") as [
      [unknown[], { title: string }],
      [unknown[], { _id: string; open: boolean; questions: number; content?: string }[]],
    ];
    expect(courseKey).toEqual(["courses", "zeta"]);
    expect(course.title).toBe("Zeta");
    expect(materialsKey).toEqual(["materials", "course", "zeta", "visitor"]);
    expect(materials.map((m) => [m._id, m.open, m.questions])).toEqual([
      ["z0", true, 5],
      ["z1", false, 5],
    ]);
    expect(materials.every((m) => m.content === undefined)).toBe(true);
  });

  it("refuses a catalogue file of another shape and an unknown course", () => {
    expect(() => publicCatalogue({ courses: [{ id: 1 }] })).toThrow();
    expect(() => publicCatalogue(catalogue).course("nope")).toThrow(/No course nope/);
  });
});

describe("a page description", () => {
  it("keeps whole sentences up to 160 characters", () => {
    const text = `${"A first sentence that is fairly long. ".repeat(5)}And a last one.`;
    const out = summary(text);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("long.")).toBe(true);
    expect(out.length).toBeGreaterThan(100);
    expect(summary("Short.\n\nText.")).toBe("Short. Text.");
  });

  it("cuts one long sentence at a word, with an ellipsis", () => {
    const out = summary("word ".repeat(60));
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("word…")).toBe(true);
  });
});
