import { describe, expect, it } from "vitest";
import { coursePathOf, safeNext, withNext } from "./next-path";

describe("the next page after signing in", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeNext("/course/java-programming")).toBe("/course/java-programming");
    expect(safeNext("/course/java-programming/lesson/java-programming--operators?focus=example#x")).toBe(
      "/course/java-programming/lesson/java-programming--operators?focus=example#x",
    );
  });

  it.each([
    null,
    "",
    "//evil.example",
    "//evil.example/course/x",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " /course/x",
    "course/x",
    "data:text/html,hi",
    `/${"a".repeat(2001)}`,
  ])("sends %j to the dashboard", (raw) => {
    expect(safeNext(raw)).toBe("/dashboard");
  });

  it("writes the link with a readable path and knows a course page", () => {
    expect(withNext("/register", "/course/java-programming")).toBe("/register?next=/course/java-programming");
    expect(withNext("/login", "/a?b=c&d")).toBe("/login?next=/a%3Fb%3Dc%26d");
    expect(coursePathOf("/course/java-programming")).toBe("java-programming");
    expect(coursePathOf("/course/java-programming/lesson/x")).toBeNull();
    expect(coursePathOf("/dashboard")).toBeNull();
  });
});
