import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, fakeApi, javaCourse, renderCourseRoute, signIn, testUser } from "../../testing/render-page";
import CoursePage from "./course-page";

const java = { ...javaCourse, lessonCount: 0 };

const open = () => renderCourseRoute(<CoursePage />, "/course/java-programming");

describe("course page states", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says Loading course... and then Course not found for a course that does not exist", async () => {
    fakeApi({
      "GET /api/courses/java-programming": [404, { message: "Course not found" }],
      "GET /api/materials/course/java-programming": [404, { message: "Course not found" }],
    });
    open();
    expect(screen.getByText("Loading course...")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Course not found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("a network failure shows an error with Retry, not Course not found; Retry loads the course", async () => {
    let course: FakeAnswer = "network-error";
    fakeApi({
      "GET /api/courses/java-programming": () => course,
      "GET /api/materials/course/java-programming": [200, []],
    });
    open();
    expect((await screen.findByRole("alert")).textContent).toContain("The course could not be loaded.");
    expect(screen.queryByText("Course not found")).toBeNull();
    course = [200, java];
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Java Programming", level: 1 })).toBeTruthy();
    expect(screen.getByText("No materials available yet.")).toBeTruthy();
  });

  it("failed materials show an error with Retry in the materials, not No materials available yet.", async () => {
    fakeApi({
      "GET /api/courses/java-programming": [200, java],
      "GET /api/materials/course/java-programming": [503, { message: "Something went wrong on our side." }],
    });
    open();
    expect(await screen.findByRole("heading", { name: "Java Programming", level: 1 })).toBeTruthy();
    expect(screen.getByText("The course materials could not be loaded.")).toBeTruthy();
    expect(screen.queryByText("No materials available yet.")).toBeNull();
  });

  it("unenrol announces success only after the DELETE succeeded, and an error otherwise", {
    timeout: 20_000,
  }, async () => {
    signIn();
    let del: FakeAnswer = "network-error";
    const emptyProgress = {
      courseId: "java-programming",
      completed: [],
      knowledgeUnlocked: [],
      topicProgress: {},
      xp: 0,
      streak: 0,
      updatedAt: "2026-01-02T10:00:00.000Z",
    };
    fakeApi({
      "GET /api/auth/me": [200, testUser],
      "GET /api/courses/java-programming": [200, java],
      "GET /api/materials/course/java-programming": [200, []],
      "GET /api/enrollments": [200, [{ ...java, enrolledAt: "2026-01-02T10:00:00.000Z" }]],
      "GET /api/progress/java-programming": [200, emptyProgress],
      "PUT /api/progress/java-programming": [200, emptyProgress],
      "DELETE /api/enrollments/java-programming": () => del,
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Unenroll Course" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, Unenroll" }));
    expect(await screen.findByText(/Could not unenroll: Failed to fetch/)).toBeTruthy();
    expect(screen.queryByText("Successfully unenrolled from course. All progress has been reset.")).toBeNull();
    expect(screen.getByRole("button", { name: "Unenroll Course" })).toBeTruthy();

    del = [204];
    fireEvent.click(screen.getByRole("button", { name: "Unenroll Course" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, Unenroll" }));
    expect(await screen.findByText("Successfully unenrolled from course. All progress has been reset.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unenroll Course" })).toBeNull();
  });
});

describe("premium lessons on the course page", () => {
  const react = {
    ...javaCourse,
    _id: "react-development",
    title: "React Development",
    access: "premium",
    lessonCount: 3,
  };
  const lesson = (n: number, open: boolean) => ({
    _id: `react-development--lesson-${n}`,
    courseId: "react-development",
    title: `React lesson ${n}`,
    type: "lesson",
    position: n - 1,
    minutes: 20,
    questions: 0,
    open,
  });
  const REFUSED =
    "This lesson is part of a premium course. Upgrade to Lifetime Premium to read every lesson; the first lesson stays free to preview.";

  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("turns a lesson the server refuses (403) into the upgrade prompt with the server's message", {
    timeout: 20_000,
  }, async () => {
    fakeApi({
      "GET /api/courses/react-development": [200, react],
      // Lesson 3 is listed as open (a list cached before a revoke) but the server refuses its body.
      "GET /api/materials/course/react-development": [200, [lesson(1, true), lesson(2, false), lesson(3, true)]],
      "GET /api/materials/react-development--lesson-3": [403, { message: REFUSED }],
    });
    renderCourseRoute(<CoursePage />, "/course/react-development");
    expect(await screen.findByRole("heading", { name: "React Development", level: 1 })).toBeTruthy();

    const toggle = (title: string) =>
      screen.getAllByRole("button", { name: new RegExp(title) }).find((b) => b.classList.contains("material-toggle"));
    fireEvent.click(toggle("React lesson 2") as HTMLElement);
    // The course quiz of a premium course is locked for a free learner too (a note of its own).
    const notes = async () => await screen.findAllByRole("note");
    expect((await notes()).some((n) => n.textContent?.includes("Premium quiz"))).toBe(true);
    await vi.waitFor(async () => expect((await notes()).length).toBe(2));
    const locked = (await notes()).find((n) => n.textContent?.includes("Premium lesson"));
    if (!locked) throw new Error("no upgrade prompt for the premium lesson");
    expect(locked.textContent).toContain("Premium lesson");
    expect(locked.textContent).toContain(REFUSED);
    expect(within(locked).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/dashboard");

    fireEvent.click(toggle("React lesson 3") as HTMLElement);
    const refused = await screen.findByText(REFUSED, { selector: ".upgrade-prompt p" });
    const prompt = refused.closest(".upgrade-prompt") as HTMLElement;
    expect(within(prompt).getByRole("link", { name: "Upgrade to Premium" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Lesson: React lesson 3" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("starts the course over only after the confirmation, and shows the server's 0%", { timeout: 20_000 }, async () => {
    signIn();
    const lessons = ["java-1", "java-2"].map((id, i) => ({
      _id: id,
      courseId: "java-programming",
      title: `Topic ${i + 1}`,
      type: "lesson",
      position: i,
      minutes: 5,
      open: true,
      questions: 0,
    }));
    const record = (completed: string[]) => ({
      courseId: "java-programming",
      completed,
      knowledgeUnlocked: completed,
      topicProgress: Object.fromEntries(completed.map((id) => [id, 100])),
      xp: completed.length * 50,
      streak: 1,
      updatedAt: "2026-01-02T10:00:00.000Z",
    });
    let restart: FakeAnswer = [503, { message: "The kingdom is busy." }];
    const api = fakeApi({
      "GET /api/auth/me": [200, testUser],
      "GET /api/courses/java-programming": [200, { ...java, lessonCount: 2 }],
      "GET /api/materials/course/java-programming": [200, lessons],
      "GET /api/enrollments": [200, [{ ...java, lessonCount: 2, enrolledAt: "2026-01-02T10:00:00.000Z" }]],
      "GET /api/progress/java-programming": [200, record(["java-1"])],
      "PUT /api/progress/java-programming": [200, record(["java-1"])],
      "GET /api/progress": [200, [record(["java-1"])]],
      "POST /api/courses/java-programming/restart": () => restart,
    });
    open();
    const tracker = await screen.findByRole("region", { name: "Your Progress" });
    expect(await within(tracker).findByText("1 of 2 topics completed (50%)")).toBeTruthy();
    const restarts = () => api.mock.calls.filter(([url]) => String(url).includes("/restart"));

    fireEvent.click(within(tracker).getByRole("button", { name: "Start this course over" }));
    const dialog = screen.getByRole("dialog", { name: "Start this course over?" });
    expect(dialog.textContent).toContain("your 1 completed topic and the 50 XP they earned");
    expect(dialog.textContent).toContain("You keep your enrolment, your certificates, your payments");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep my progress" }));
    expect(restarts()).toEqual([]);
    expect(within(tracker).getByText("1 of 2 topics completed (50%)")).toBeTruthy();

    // A failure says so and changes nothing.
    fireEvent.click(within(tracker).getByRole("button", { name: "Start this course over" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, start over" }));
    expect(
      await screen.findByText("Could not start over (The kingdom is busy). Your progress is unchanged."),
    ).toBeTruthy();
    expect(within(tracker).getByText("1 of 2 topics completed (50%)")).toBeTruthy();

    restart = [200, record([])];
    fireEvent.click(screen.getByRole("button", { name: "Yes, start over" }));
    expect(await within(tracker).findByText("0 of 2 topics completed (0%)")).toBeTruthy();
    expect(within(tracker).getByTestId("xp").textContent).toBe("0");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(JSON.parse(localStorage.getItem("progress_java-programming") ?? "{}")).toMatchObject({
      completed: [],
      xp: 0,
    });
  });
});
