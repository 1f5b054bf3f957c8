import "fake-indexeddb/auto";
import { openDB } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../storage-keys";
import { attemptEvents, flushAttempts, type GradedEvent, gradeOrQueue, submitOrQueue, waitingCount } from "./attempts";
import { clearOfflineData, enqueueAttempt, listQueuedAttempts, readSavedAnswer, storeSavedCourse } from "./store";

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

const TRIAL = { exerciseId: "python--a--1", materialId: "python--a", courseId: "python" };
const verdict = (passed: boolean) => ({
  passed,
  cases: [{ name: "Sample 1", passed, timedOut: false }],
});
/** Records each request (path and body) and answers with `answer(body)`. */
function recordingServer(answer: (path: string, body: Record<string, unknown>) => Response) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const fetchSpy = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const path = url.replace(/^\/api/, "");
    sent.push({ path, body });
    return answer(path, body);
  });
  vi.stubGlobal("fetch", fetchSpy);
  return { sent, fetchSpy };
}
const collectGraded = async () => {
  const graded: GradedEvent[] = [];
  const onGraded = (e: Event) => graded.push((e as CustomEvent<GradedEvent>).detail);
  attemptEvents.addEventListener("graded", onGraded);
  await flushAttempts();
  attemptEvents.removeEventListener("graded", onGraded);
  return graded;
};
const neverSent = () => Promise.reject(new Error("sent while offline"));

describe("trial submissions made offline", () => {
  it("wait beside quiz answers, go in the order they were made, and carry the server's verdict", async () => {
    setOnline(false);
    const wrong = { code: "print(int(input()) - int(input()))\n", language: "python" as const };
    const right = { code: "print(int(input()) + int(input()))\n", language: "python" as const };
    expect(await submitOrQueue(TRIAL, wrong, "Trial: Sum", neverSent)).toEqual({ queued: true, waiting: 1 });
    await gradeOrQueue("/quiz/attempts", { materialId: "python--a", answers: [0] }, "Quiz");
    expect(await submitOrQueue(TRIAL, right, "Trial: Sum", neverSent)).toEqual({ queued: true, waiting: 3 });

    setOnline(true);
    const { sent } = recordingServer((path, body) =>
      path.endsWith("/submissions") ? json(200, verdict(String(body.code).includes("+"))) : json(200, failed(0)),
    );
    const graded = await collectGraded();
    expect(sent.map((s) => s.path)).toEqual([
      "/exercises/python--a--1/submissions",
      "/quiz/attempts",
      "/exercises/python--a--1/submissions",
    ]);
    expect(sent[0]?.body).toEqual(wrong);
    expect(graded.map((g) => [g.attempt.kind, g.submission?.passed ?? g.result?.passed])).toEqual([
      ["trial", false],
      ["quiz", false],
      ["trial", true],
    ]);
    expect(graded[0]?.submission?.cases[0]?.passed).toBe(false);
    expect(await waitingCount()).toBe(0);
  });

  it("a Java project's files wait with it and are sent as they were", async () => {
    setOnline(false);
    const files = [
      { path: "Main.java", code: "public class Main { public static void main(String[] a) { Shop.run(); } }" },
      { path: "Shop.java", code: "class Shop { static void run() { System.out.println(1); } }" },
    ];
    const project = { code: files[0]?.code ?? "", language: "java" as const, files };
    const ref = { ...TRIAL, exerciseId: "java--shop--1" };
    await submitOrQueue(ref, project, "Trial: Shop", neverSent);
    expect((await listQueuedAttempts("devasena@example.com"))[0]?.body).toEqual(project);
    setOnline(true);
    const { sent } = recordingServer(() => json(200, verdict(true)));
    await flushAttempts();
    expect(sent).toEqual([{ path: "/exercises/java--shop--1/submissions", body: project }]);
  });

  it("a submission whose connection drops before the server answers is queued; a refusal is not", async () => {
    setOnline(true);
    const lost = await submitOrQueue(TRIAL, { code: "print(1)", language: "python" }, "Trial", () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    expect(lost).toEqual({ queued: true, waiting: 1 });
    await expect(
      submitOrQueue(TRIAL, { code: "print(1)", language: "python" }, "Trial", () =>
        Promise.reject(new Error("Too many submissions")),
      ),
    ).rejects.toThrow("Too many submissions");
    expect(await waitingCount()).toBe(1);
  });

  it("a visitor's submission is not queued: they are told to connect", async () => {
    localStorage.clear();
    setOnline(false);
    await expect(submitOrQueue(TRIAL, { code: "print(1)", language: "python" }, "Trial", neverSent)).rejects.toThrow(
      /offline/,
    );
    expect(await waitingCount()).toBe(0);
  });

  it("a record edited in the browser goes only to its trial's endpoint, and the server's verdict is the one kept", async () => {
    const owner = "devasena@example.com";
    const base = { owner, kind: "trial" as const, label: "Trial", queuedAt: "2026-01-01T00:00:00.000Z" };
    // Sent elsewhere than its trial: dropped without a request.
    await enqueueAttempt({ ...base, path: "/auth/change-password", body: { password: "x" }, ref: TRIAL });
    await enqueueAttempt({ ...base, path: "/exercises/other--1/submissions", body: {}, ref: TRIAL });
    // A wrong solution marked as passed: sent, and failed by the server.
    const forged = { code: "print(0)", language: "python", passed: true, cases: [] };
    await enqueueAttempt({ ...base, path: "/exercises/python--a--1/submissions", body: forged, ref: TRIAL });
    setOnline(true);
    const { sent } = recordingServer(() => json(200, verdict(false)));
    const graded = await collectGraded();
    expect(sent.map((s) => s.path)).toEqual(["/exercises/python--a--1/submissions"]);
    expect(graded.map((g) => g.refused ?? g.submission?.passed)).toEqual([
      "not an attempt this app sends",
      "not an attempt this app sends",
      false,
    ]);
    expect(await waitingCount()).toBe(0);
  });
});

describe("the offline database's upgrade", () => {
  it("keeps the quiz answers a version 1 database was holding, in order, as quiz attempts", async () => {
    await clearOfflineData();
    const v1 = await openDB("koc-offline", 1, {
      upgrade(database) {
        database.createObjectStore("answers", { keyPath: "key" }).createIndex("owner", "owner");
        database.createObjectStore("courses", { keyPath: "key" }).createIndex("owner", "owner");
        database.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }).createIndex("owner", "owner");
      },
    });
    for (const materialId of ["python--a", "python--b"]) {
      await v1.add("outbox", {
        owner: "devasena@example.com",
        path: "/quiz/attempts",
        body: { materialId, answers: [0] },
        label: materialId,
        ref: { materialId },
        queuedAt: "2026-01-01T00:00:00.000Z",
      });
    }
    v1.close();
    const waiting = await listQueuedAttempts("devasena@example.com");
    expect(waiting.map((a) => [a.kind, a.ref.materialId])).toEqual([
      ["quiz", "python--a"],
      ["quiz", "python--b"],
    ]);
    setOnline(true);
    const { sent } = recordingServer(() => json(200, failed(50)));
    await flushAttempts();
    expect(sent.map((s) => s.body.materialId)).toEqual(["python--a", "python--b"]);
  });
});
