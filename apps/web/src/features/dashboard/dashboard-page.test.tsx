import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, fakeApi, javaCourse as java, renderPage, signIn, testUser } from "../../testing/render-page";
import DashboardPage from "./dashboard-page";

const enrolledJava = { ...java, enrolledAt: "2026-01-02T10:00:00.000Z" };
const storedEnrollments = () => JSON.parse(localStorage.getItem(`enrolledCourses_${testUser.email}`) ?? "null");

/** The dashboard's other sections answer quietly; each test decides courses, enrolments and the DELETE. */
function dashboardApi(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  return fakeApi({
    "GET /api/auth/me": [200, testUser],
    "GET /api/certificates": [200, { certificates: [] }],
    "GET /api/payment/history": [200, { payments: [], invoices: [] }],
    "GET /api/progress": [200, []],
    "GET /api/review": [200, emptyDeck],
    "GET /api/referral/stats/ada%40example.com": [
      200,
      { referralCode: "ADAC0DE2", totalCredits: 0, totalReferrals: 0, referredUsers: [] },
    ],
    ...routes,
  });
}

const emptyDeck = { dueToday: 0, dayEndsAt: "2026-03-11T00:00:00.000Z", nextDueAt: null, questions: [], trials: [] };

const enrolledSection = () => screen.getByRole("region", { name: "My Enrolled Courses" });

describe("dashboard", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("leads: Continue first, enrolled courses before available ones, each with percent, lessons done and next", async () => {
    const going = {
      ...enrolledJava,
      progress: { completed: 2, next: { _id: "java-programming--operators", title: "Operators" } },
    };
    const done = {
      ...java,
      _id: "git",
      title: "Git",
      lessonCount: 2,
      enrolledAt: enrolledJava.enrolledAt,
      progress: { completed: 2, next: null },
    };
    dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, [going, done]],
      "GET /api/progress": [
        200,
        [
          {
            courseId: "java-programming",
            completed: [],
            knowledgeUnlocked: [],
            topicProgress: {},
            xp: 150,
            streak: 2,
            updatedAt: "2026-01-01T00:00:00.000Z",
          },
          {
            courseId: "git",
            completed: [],
            knowledgeUnlocked: [],
            topicProgress: {},
            xp: 100,
            streak: 3,
            updatedAt: "2026-01-01T00:00:00.000Z",
          },
        ],
      ],
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    const resume = await screen.findByRole("link", { name: "Continue: Java Programming — Operators" });
    expect(resume.getAttribute("href")).toBe("/course/java-programming/lesson/java-programming--operators");
    // The first section after the greeting is the Continue card.
    const welcome = screen.getByRole("heading", { level: 1 }).closest("header") as HTMLElement;
    expect(welcome.nextElementSibling?.contains(resume)).toBe(true);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf("My Enrolled Courses")).toBeLessThan(headings.indexOf("Available Courses"));

    const cards = within(enrolledSection())
      .getAllByRole("listitem")
      .filter((li) => li.classList.contains("enrolled-course"));
    expect(cards[0]?.textContent).toContain("4% · 2 of 50 lessons done");
    expect(cards[0]?.textContent).toContain("Next lesson: Operators");
    expect(cards[0]?.textContent).toContain("Beginner");
    expect(
      within(cards[1] as HTMLElement)
        .getByRole("link", { name: "View Certificate: Git" })
        .getAttribute("href"),
    ).toBe("/course/git#certificate");
    // The tracker over every course: xp added up, level from it, the longest streak.
    const tracker = screen.getByRole("list", { name: "Your progress over every course" });
    expect(await within(tracker).findByText("250")).toBeTruthy();
    expect(within(tracker).getByText("2")).toBeTruthy();
    expect(within(tracker).getByText("3")).toBeTruthy();
  });

  it("Enrolled opens the Unenroll warning; nothing is deleted until Yes, Unenroll", { timeout: 20_000 }, async () => {
    const api = dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, [enrolledJava]],
      "DELETE /api/enrollments/java-programming": [204],
    });
    localStorage.setItem("progress_java-programming", JSON.stringify({ completed: ["a"] }));
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    expect(await within(enrolledSection()).findByText("Java Programming")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }));
    const dialog = await screen.findByRole("dialog", { name: "Warning: Unenroll Course" });
    expect(dialog.textContent).toContain("Are you sure you want to unenroll from Java Programming?");
    for (const line of [
      "Reset all progress",
      "Clear completed lessons",
      "Remove certificate eligibility",
      "Delete saved course data",
    ]) {
      expect(within(dialog).getByText(line)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    const deletes = () => api.mock.calls.filter(([, init]) => init?.method === "DELETE").length;
    expect(deletes()).toBe(0);
    expect(storedEnrollments()).toEqual([enrolledJava]);

    fireEvent.click(screen.getByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, Unenroll" }));
    expect(await screen.findByText("Unenrolled from Java Programming")).toBeTruthy();
    expect(deletes()).toBe(1);
    expect(localStorage.getItem("progress_java-programming")).toBeNull();
  });

  it("a failed unenrol says so and keeps the course; a successful one announces it", { timeout: 20_000 }, async () => {
    let del: FakeAnswer = [500, { message: "Something went wrong on our side. Please try again." }];
    dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, [enrolledJava]],
      "DELETE /api/enrollments/java-programming": () => del,
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    expect(await within(enrolledSection()).findByText("Java Programming")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, Unenroll" }));
    const alert = await screen.findByText("Something went wrong on our side. Please try again.");
    expect(alert.closest("[role=alert]")).toBeTruthy();
    expect(screen.queryByText("Unenrolled from Java Programming")).toBeNull();
    expect(within(enrolledSection()).getByText("Java Programming")).toBeTruthy();
    expect(storedEnrollments()).toEqual([enrolledJava]);

    del = [204];
    fireEvent.click(screen.getByRole("button", { name: "Enrolled in Java Programming: click to unenroll" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, Unenroll" }));
    expect(await screen.findByText("Unenrolled from Java Programming")).toBeTruthy();
    expect(within(enrolledSection()).getByText("No enrolled courses yet")).toBeTruthy();
    expect(storedEnrollments()).toEqual([]);
  });

  it("enrolling shows at once, keeps the server's record, and rolls back when the server refuses", async () => {
    let put: FakeAnswer = [403, { message: "Premium courses need Lifetime Premium." }];
    dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, []],
      "PUT /api/enrollments/java-programming": () => put,
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    expect(await within(enrolledSection()).findByText("No enrolled courses yet")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Enroll Now in Java Programming" }));
    expect(await screen.findByText("Premium courses need Lifetime Premium.")).toBeTruthy();
    expect(within(enrolledSection()).getByText("No enrolled courses yet")).toBeTruthy();

    put = [201, enrolledJava];
    fireEvent.click(screen.getByRole("button", { name: "Enroll Now in Java Programming" }));
    expect(await screen.findByText("Successfully enrolled in Java Programming!")).toBeTruthy();
    expect(within(enrolledSection()).getByText(/Enrolled on/)).toBeTruthy();
    expect(storedEnrollments()).toEqual([enrolledJava]);
  });

  it("a failing referral stats call is logged and leaves the rest of the dashboard working", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, [enrolledJava]],
      "GET /api/referral/stats/ada%40example.com": [500, { message: "Something went wrong on our side." }],
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    const referral = await screen.findByRole("region", { name: "Referral Program" });
    // The stats query asks once more by itself (about a second later) before it shows Retry.
    expect(await within(referral).findByRole("button", { name: "Retry" }, { timeout: 5000 })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith("Referral stats could not be loaded.", expect.anything());
    expect(await within(enrolledSection()).findByText("Java Programming")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Available Courses" })).toBeTruthy();
  });

  it("failed calls show errors with Retry, not the empty texts", async () => {
    let courses: FakeAnswer = "network-error";
    dashboardApi({
      "GET /api/courses": () => courses,
      "GET /api/enrollments": "network-error",
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    expect(await screen.findByText("The courses could not be loaded.")).toBeTruthy();
    expect(await screen.findByText("Your enrolled courses could not be loaded.")).toBeTruthy();
    expect(screen.queryByText(/No courses available yet/)).toBeNull();
    expect(screen.queryByText("No enrolled courses yet")).toBeNull();
    courses = [200, []];
    const section = screen.getByRole("region", { name: "Available Courses" });
    fireEvent.click(within(section).getByRole("button", { name: "Retry" }));
    expect(await within(section).findByText(/No courses available yet/)).toBeTruthy();
  });

  it("review: the server's count links to the session; nothing due says so with the next day; a failure offers Retry", async () => {
    const question = {
      cardId: "00000000-0000-4000-8000-000000000001",
      courseId: "java-programming",
      courseTitle: "Java Programming",
      materialId: "java-programming--operators",
      from: "Operators",
      question: "What is 7 / 2 in Java?",
      options: ["3", "3.5", "4", "3.0"],
    };
    let deck: FakeAnswer = [
      200,
      {
        ...emptyDeck,
        dueToday: 2,
        questions: [question, { ...question, cardId: "00000000-0000-4000-8000-000000000002" }],
      },
    ];
    dashboardApi({
      "GET /api/courses": [200, [java]],
      "GET /api/enrollments": [200, []],
      "GET /api/review": () => deck,
    });
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    const link = await screen.findByRole("link", { name: "Review today (2)" });
    expect(link.getAttribute("href")).toBe("/review");
    cleanup();

    deck = [200, { ...emptyDeck, nextDueAt: "2026-03-12T09:00:00.000Z" }];
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    expect(await screen.findByText(/Nothing to review today\. The next card comes back on Thursday/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Review today/ })).toBeNull();
    cleanup();

    deck = [500, { message: "Something went wrong on our side." }];
    renderPage("/dashboard", <DashboardPage />, "/dashboard");
    const review = await screen.findByRole("region", { name: "Review" });
    expect(await within(review).findByRole("button", { name: "Retry" })).toBeTruthy();
    expect(within(review).queryByText(/Nothing to review/)).toBeNull();
  });
});
