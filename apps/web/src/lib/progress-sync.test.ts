import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepReceipt, mergeAllProgressAfterLogin, putProgress } from "./progress-sync";

interface Call {
  method: string;
  url: string;
  body: unknown;
  auth: string | null;
}

/** A stand-in for the server's /api/progress over fetch, the browser's boundary. */
function fakeServer(stored: Record<string, unknown>) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const path = url.split("?")[0] as string;
    calls.push({ method: init.method ?? "GET", url: path, body, auth: headers.authorization ?? null });
    if (path === "/api/quiz/receipts" && init.method === "POST") {
      const receipts = (body as { receipts: string[] }).receipts;
      return new Response(JSON.stringify({ accepted: receipts.length, rejected: 0 }), { status: 200 });
    }
    if (path === "/api/progress" && (init.method ?? "GET") === "GET") {
      const list = Object.entries(stored).map(([courseId, p]) => ({
        courseId,
        updatedAt: "2026-01-01T00:00:00.000Z",
        ...(p as object),
      }));
      return new Response(JSON.stringify(list), { status: 200 });
    }
    if (init.method === "PUT") {
      const courseId = decodeURIComponent(path.replace("/api/progress/", ""));
      stored[courseId] = body;
      return new Response(JSON.stringify({ courseId, updatedAt: "2026-01-01T00:00:00.000Z", ...body }), {
        status: 200,
      });
    }
    return new Response(JSON.stringify({ message: "not found" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { calls, stored };
}

const record = (completed: string[], streak = completed.length) => ({
  completed,
  knowledgeUnlocked: completed,
  topicProgress: Object.fromEntries(completed.map((id) => [id, 100])),
  xp: completed.length * 50,
  streak,
});

describe("progress sync", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("merges the browser's and the server's records after login, in both places", async () => {
    localStorage.setItem("token", "t0k3n");
    localStorage.setItem("progress_java", JSON.stringify(record(["a", "b"], 5)));
    localStorage.setItem("progress_local-only", JSON.stringify({ completed: ["x"], streak: 1, xp: 50 }));
    const server = fakeServer({ java: record(["b", "c"]), "server-only": record(["s"]) });

    await mergeAllProgressAfterLogin();

    const java = JSON.parse(localStorage.getItem("progress_java") ?? "null");
    expect(java.completed).toEqual(["a", "b", "c"]);
    expect(java).toMatchObject({ xp: 150, streak: 5 });
    expect(JSON.parse(localStorage.getItem("progress_server-only") ?? "null").completed).toEqual(["s"]);
    expect(server.stored.java).toEqual(java);
    expect(server.stored["local-only"]).toMatchObject({ completed: ["x"], knowledgeUnlocked: [], xp: 50 });
    // The server-only course was already complete there: nothing to send back.
    expect(
      server.calls
        .filter((c) => c.method === "PUT")
        .map((c) => c.url)
        .sort(),
    ).toEqual(["/api/progress/java", "/api/progress/local-only"]);
    expect(server.calls.every((c) => c.auth === "Bearer t0k3n")).toBe(true);
  });

  it("redeems a visitor's receipts before merging, once, and forgets them", async () => {
    localStorage.setItem("token", "t0k3n");
    keepReceipt("r1.sig");
    keepReceipt("r2.sig");
    const server = fakeServer({});
    await mergeAllProgressAfterLogin();
    expect(server.calls[0]).toMatchObject({
      method: "POST",
      url: "/api/quiz/receipts",
      body: { receipts: ["r1.sig", "r2.sig"] },
    });
    expect(localStorage.getItem("quizReceipts")).toBeNull();
  });

  it("hands a visitor's places on trials' ladders of help to the account with the receipts", async () => {
    localStorage.setItem("token", "t0k3n");
    keepReceipt("t.pass.sig");
    localStorage.setItem("trialHelp", JSON.stringify({ "trial-a": "h.a.sig", "trial-b": "h.b.sig", junk: 7 }));
    const server = fakeServer({});
    await mergeAllProgressAfterLogin();
    expect(server.calls[0]).toMatchObject({
      method: "POST",
      url: "/api/quiz/receipts",
      body: { receipts: ["t.pass.sig", "h.a.sig", "h.b.sig"] },
    });
    expect(localStorage.getItem("trialHelp")).toBeNull();
  });

  it("answers the server's record after a save (the query persister keeps it in the browser)", async () => {
    localStorage.setItem("token", "abc");
    const server = fakeServer({});
    const saved = await putProgress("java", record(["a"]));
    expect(saved).toEqual(record(["a"]));
    expect(server.calls[0]).toMatchObject({ method: "PUT", url: "/api/progress/java", auth: "Bearer abc" });
  });
});
