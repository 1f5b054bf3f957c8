import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/harness.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";

const TOKEN = "metrics-token-for-the-test-0123456789";

describe.each(engines)("/metrics on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("answers 404 when METRICS_TOKEN is unset, whatever is sent", async () => {
    const app = await buildApp({ database });
    for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer "]) {
      const res = await app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("koc_");
    }
    await app.close();
  });

  it("gives Prometheus text only with the bearer token", async () => {
    const app = await buildApp({ database, config: loadConfig({ NODE_ENV: "test", METRICS_TOKEN: TOKEN }) });
    await app.inject({ method: "GET", url: "/api/health" });
    await app.inject({ method: "GET", url: "/api/courses/no-such-course" });
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain("koc_");
    }
    const res = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/koc_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(res.body).toMatch(
      /koc_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/courses\/:id"\}/,
    );
    expect(res.body).toContain("# TYPE koc_jobs_queued gauge");
    expect(res.body).toMatch(/koc_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain("# TYPE koc_runner_run_duration_seconds histogram");
    expect(res.body).toContain("koc_process_cpu_seconds_total");
    await app.close();
  });
});
