import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines } from "../../../test/harness.js";

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
    expect(res.json()).toEqual({ status: "ready", database: engine });

    const broken = await createTestApp(engine, { seed: false });
    await broken.database.close();
    const down = await broken.app.inject({ method: "GET", url: "/api/ready" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: "Database is not answering" });
    await broken.close();
  });
});
