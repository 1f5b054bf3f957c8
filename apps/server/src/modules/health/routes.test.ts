import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../../test/harness.js";
import { createOffRunner } from "../../adapters/code-runner/off.js";
import { buildApp } from "../../app.js";

describe.each(engines)("health and readiness on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t.close());

  it("reports the process alive", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
  });

  it("reports ready while the database answers, and 503 once it does not", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", database: engine, runner: "off" });

    const broken = await createTestApp(engine, { seed: false });
    await broken.database.close();
    const down = await broken.app.inject({ method: "GET", url: "/api/ready" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: "Database is not answering" });
    await broken.close();
  });

  it("reports 503 while the code runner does not answer", async () => {
    const stuck = await buildApp({
      database: t.database,
      codeRunner: { ...createOffRunner(), status: () => new Promise(() => undefined) },
    });
    const res = await stuck.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: "The code runner is not answering" });
    const failing = await buildApp({
      database: t.database,
      codeRunner: { ...createOffRunner(), status: () => Promise.reject(new Error("judge0 down")) },
    });
    expect((await failing.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(503);
    await Promise.all([stuck.close(), failing.close()]);
  });
});
