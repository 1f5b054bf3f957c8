import { describe, expect, it } from "vitest";
import { type RecentCourse, recordRecentCourse, withRecentCourse } from "./recent-courses";

const entry = (id: string): RecentCourse => ({
  _id: id,
  title: id,
  category: "c",
  lastAccessed: "2026-01-01T00:00:00.000Z",
});

describe("recent courses", () => {
  it("keeps the newest first without duplicates, at most 5", () => {
    let list: RecentCourse[] = [];
    for (const id of ["a", "b", "c", "d", "e", "f"]) list = withRecentCourse(list, entry(id));
    expect(list.map((c) => c._id)).toEqual(["f", "e", "d", "c", "b"]);
    list = withRecentCourse(list, entry("c"));
    expect(list.map((c) => c._id)).toEqual(["c", "f", "e", "d", "b"]);
  });

  it("stores the record with an ISO lastAccessed timestamp under recentCourses", () => {
    localStorage.clear();
    recordRecentCourse({ _id: "java-programming", title: "Java Programming", category: "Languages" }, new Date(0));
    expect(JSON.parse(localStorage.getItem("recentCourses") ?? "[]")).toEqual([
      {
        _id: "java-programming",
        title: "Java Programming",
        category: "Languages",
        lastAccessed: "1970-01-01T00:00:00.000Z",
      },
    ]);
  });
});
