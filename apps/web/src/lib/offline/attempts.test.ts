import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../storage-keys";
import { attemptEvents, flushAttempts, type GradedEvent, gradeOrQueue, waitingCount } from "./attempts";
import { clearOfflineData, readSavedAnswer, storeSavedCourse } from "./store";

function signIn(email: string) {
  localStorage.setItem(storageKeys.token, `token-of-${email}`);
  localStorage.setItem(storageKeys.user, JSON.stringify({ name: "Kattappa", email, isPremium: false }));
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const failed = (score: number) => ({ score, passed: false, results: [{ correct: false }] });

beforeEach(() => signIn("devasena@example.com"));
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await clearOfflineData();
  localStorage.clear();
});

describe("quiz attempts made offline", () => {
  it("wait in order, are sent in that order when the connection returns, and show the server's grades", async () => {
    setOnline(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    for (const id of ["python--a", "python--b", "python--c"]) {
      const outcome = await gradeOrQueue("/quiz/attempts", { materialId: id, answers: [0, 0] }, `Quiz ${id}`);
      expect(outcome.queued).toBe(true);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await waitingCount()).toBe(3);

    setOnline(true);
    const sent: string[] = [];
    fetchSpy.mockImplementation(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { materialId: string };
      sent.push(body.materialId);
      return json(200, failed(sent.length * 10));
    });
    const graded: GradedEvent[] = [];
    const onGraded = (e: Event) => graded.push((e as CustomEvent<GradedEvent>).detail);
    attemptEvents.addEventListener("graded", onGraded);
    await flushAttempts();
    attemptEvents.removeEventListener("graded", onGraded);
    expect(sent).toEqual(["python--a", "python--b", "python--c"]);
    // Each grade is the server's, never a pass the browser assumed.
    expect(graded.map((g) => [g.attempt.ref.materialId, g.result?.score, g.result?.passed])).toEqual([
      ["python--a", 10, false],
      ["python--b", 20, false],
      ["python--c", 30, false],
    ]);
    expect(await waitingCount()).toBe(0);
  });

  it("a lost connection or the server's rate limit stops the round and keeps the rest waiting", async () => {
    setOnline(false);
    for (const id of ["python--a", "python--b"]) {
      await gradeOrQueue("/quiz/attempts", { materialId: id, answers: [1] }, id);
    }
    setOnline(true);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await flushAttempts();
    expect(await waitingCount()).toBe(2);
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(json(200, failed(0)))
        .mockResolvedValue(json(429, { message: "Wait a few minutes" })),
    );
    await flushAttempts();
    expect(await waitingCount()).toBe(1);
  });

  it("an answer that fails on the way (online, then the connection drops) is queued, not lost", async () => {
    setOnline(true);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const outcome = await gradeOrQueue("/quiz/course-attempts", { courseId: "python", answers: [0] }, "Course quiz");
    expect(outcome).toEqual({ queued: true, waiting: 1 });
  });

  it("a visitor's answers are not queued: they are told to connect", async () => {
    localStorage.clear();
    setOnline(false);
    await expect(gradeOrQueue("/quiz/attempts", { materialId: "python--a", answers: [0] }, "Quiz")).rejects.toThrow(
      /offline/,
    );
    expect(await waitingCount()).toBe(0);
  });

  it("another learner on the same browser neither sees nor sends the first one's attempts or saved lessons", async () => {
    setOnline(false);
    await gradeOrQueue("/quiz/attempts", { materialId: "python--a", answers: [0] }, "Quiz");
    await storeSavedCourse(
      "devasena@example.com",
      { courseId: "python", title: "Python", bytes: 10, savedAt: "2026-01-01T00:00:00.000Z" },
      [{ path: "/materials/python--a", courseId: "python", body: { content: "secret" } }],
    );
    expect(await readSavedAnswer("/materials/python--a")).toEqual({ content: "secret" });
    signIn("bhallala@example.com");
    expect(await waitingCount()).toBe(0);
    expect(await readSavedAnswer("/materials/python--a")).toBeUndefined();
    setOnline(true);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    await flushAttempts();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sign-out's clearing deletes saved lessons and waiting attempts", async () => {
    setOnline(false);
    await gradeOrQueue("/quiz/attempts", { materialId: "python--a", answers: [0] }, "Quiz");
    await storeSavedCourse(
      "devasena@example.com",
      { courseId: "python", title: "Python", bytes: 10, savedAt: "2026-01-01T00:00:00.000Z" },
      [{ path: "/courses/python", courseId: "python", body: { _id: "python" } }],
    );
    await clearOfflineData();
    expect(await waitingCount()).toBe(0);
    expect(await readSavedAnswer("/courses/python")).toBeUndefined();
  });
});
