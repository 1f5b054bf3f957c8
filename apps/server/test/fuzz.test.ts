/**
 * Standing fuzz: requests generated from every registered route's zod schemas (wrong types,
 * missing/extra fields, huge strings, NUL, lone surrogates, RTL marks, bad JSON, wrong content
 * types, oversized bodies, hostile path parameters). No answer may be a 5xx, every 4xx is a JSON
 * { message }, and the server is healthy at the end. Fixed seed; bench/fuzz.ts sends 10,000+.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, materials } from "../src/db/schema.js";
import { createAccountsTestApp, registerUser } from "./accounts.js";
import {
  apiRoutes,
  createEchoRunner,
  type FuzzContext,
  generateRequests,
  runRequests,
  stillHealthy,
} from "./fuzz/requests.js";
import { engines } from "./harness.js";

const SEED = 20_261_123;
const COUNT = 1200;

describe.each(engines)("fuzzing every route on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let ctx: FuzzContext;
  let login: { email: string; password: string };
  beforeAll(async () => {
    // A runner that answers at once, so /api/run and trials take their working path (no 503 excused).
    t = await createAccountsTestApp(engine, { codeRunner: createEchoRunner() });
    const user = await registerUser(t.app, { email: "fuzz@example.com", password: "fuzz-password" });
    login = { email: "fuzz@example.com", password: "fuzz-password" };
    const courseIds = (await t.database.db.select({ id: courses.id }).from(courses)).map((r) => r.id);
    const materialIds = (await t.database.db.select({ id: materials.id }).from(materials))
      .map((r) => r.id)
      .slice(0, 50);
    ctx = { courseIds, materialIds, token: user.token };
  });
  afterAll(() => t.close());

  it("finds every route by itself", () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    for (const known of [
      "POST /api/auth/register",
      "GET /api/certificates/:code",
      "PUT /api/progress/:id",
      "POST /api/contact",
    ]) {
      expect(routes).toContain(known);
    }
  });

  it(`answers ${COUNT} hostile requests without a 5xx, every 4xx a JSON { message }`, {
    timeout: 600_000,
  }, async () => {
    const requests = generateRequests(t.app, ctx, { seed: SEED, count: COUNT });
    const stats = await runRequests(t.app, requests);
    expect(stats.failures.slice(0, 10)).toEqual([]);
    expect(stats.sent).toBe(COUNT);
    // The property exercised the routes: each was hit, and both refusals and successes happened.
    expect(stats.routes.size).toBe(apiRoutes(t.app).length);
    const codes = Object.keys(stats.byStatus).map(Number);
    expect(codes.some((c) => c >= 200 && c < 300)).toBe(true);
    for (const c of [400, 401, 404]) expect(codes).toContain(c);
    expect(await stillHealthy(t.app, login)).toEqual([]);
  });
});
