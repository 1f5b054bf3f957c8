import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../storage-keys";
import { formatBytes, planSave, runSave } from "./save-course";
import { clearOfflineData, listSavedCourses, readSavedAnswer } from "./store";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const PICTURE = "/assets/content/python/loop.abc123.svg";

/** The server as a free learner sees it: lesson b is premium (403), lesson c is not open to them. */
function server(requested: string[]) {
  return vi.fn(async (url: string) => {
    requested.push(url);
    const path = url.replace(/\?.*$/, "");
    if (path === "/api/materials/python--b") return json(403, { message: "Premium lesson" });
    if (path === "/api/materials/python--a") return json(200, { _id: "python--a", content: `![loop](${PICTURE})` });
    // The trials: lesson a's is open to them, b's is premium (closed), c's lesson is not open.
    if (path === "/api/exercises")
      return json(200, [
        { _id: "python--a--1", materialId: "python--a", open: true },
        { _id: "python--b--1", materialId: "python--b", open: false },
        { _id: "python--c--1", materialId: "python--c", open: true },
      ]);
    if (path === "/assets/content/sizes.json") return json(200, { "python/loop.abc123.svg": 2000 });
    if (path === PICTURE) return new Response("x".repeat(2000), { headers: { "content-type": "image/svg+xml" } });
    if (path.startsWith("/api/")) return json(200, { path });
    return new Response("missing", { status: 404 });
  });
}

const stored = new Map<string, Response>();
beforeEach(() => {
  localStorage.setItem(storageKeys.token, "t");
  localStorage.setItem(storageKeys.user, JSON.stringify({ name: "D", email: "d@example.com", isPremium: false }));
  stored.clear();
  vi.stubGlobal("caches", {
    open: async () => ({
      match: async (url: string) => stored.get(url),
      put: async (url: string, res: Response) => void stored.set(url, res),
    }),
    delete: async () => true,
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearOfflineData();
  localStorage.clear();
});

describe("Save for offline", () => {
  const course = { _id: "python", title: "Python" };
  const materials = [
    { _id: "python--a", open: true },
    { _id: "python--b", open: true },
    { _id: "python--c", open: false },
  ];

  it("keeps only what the server gives this learner: a refused or closed lesson is left out", async () => {
    const requested: string[] = [];
    vi.stubGlobal("fetch", server(requested));
    const plan = await planSave(course, materials);
    expect(requested).not.toContain("/api/materials/python--c");
    const paths = plan.answers.map((a) => a.path);
    expect(paths).toContain("/materials/python--a");
    expect(paths).not.toContain("/materials/python--b");
    // An open lesson's trials are kept (their task and help), so they open and can be submitted offline.
    expect(paths.filter((p) => p.startsWith("/exercises/"))).toEqual([
      "/exercises/python--a--1",
      "/exercises/python--a--1/help",
    ]);
    // The picture the lesson shows is measured before anything is stored.
    expect(plan.pictures).toEqual([{ url: PICTURE, bytes: 2000 }]);
    expect(plan.courseBytes).toBeGreaterThan(2000);
    expect(await listSavedCourses("d@example.com")).toEqual([]);

    const progress: number[] = [];
    await runSave(plan, (p) => progress.push(p.done / p.total));
    expect(progress.at(-1)).toBe(1);
    expect(stored.has(PICTURE)).toBe(true);
    expect(await readSavedAnswer("/materials/python--a")).toEqual({ _id: "python--a", content: `![loop](${PICTURE})` });
    expect(await readSavedAnswer("/materials/python--b")).toBeUndefined();
    expect((await listSavedCourses("d@example.com")).map((c) => c.courseId)).toEqual(["python"]);
  });

  it("a visitor cannot save, and a learner who signed out meanwhile saves nothing", async () => {
    vi.stubGlobal("fetch", server([]));
    const plan = await planSave(course, materials);
    localStorage.clear();
    await expect(runSave(plan, () => undefined)).rejects.toThrow(/signed out/);
    await expect(planSave(course, materials)).rejects.toThrow(/Sign in/);
  });

  it("states sizes in KB and MB", () => {
    expect(formatBytes(70_000)).toBe("68 KB");
    expect(formatBytes(45_000_000)).toBe("42.9 MB");
    expect(formatBytes(10)).toBe("1 KB");
  });
});
