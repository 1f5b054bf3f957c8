/**
 * Request fuzzing generated from the routes' own zod schemas. Every route the app registers (its
 * routeTable, filled by an onRoute hook) is fuzzed, so routes added later are covered without
 * editing this file. Used by test/fuzz.test.ts (fixed seed, ~1,200 requests per engine) and by
 * bench/fuzz.ts (10,000+ requests).
 */
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { z } from "zod";
import { type CodeRunner, versionMap } from "../../src/adapters/code-runner/types.js";
import type { App } from "../../src/app.js";
import type { RouteInfo } from "../../src/plugins/route-table.js";

type Json = Record<string, unknown>;

/** Unicode and injection edge cases, placed wherever a string goes. */
export const HOSTILE_STRINGS = [
  "\u0000",
  "A\u0000B",
  "\uD800",
  "\uDFFF",
  "x\uD83D",
  "\uDC00y",
  "\u202Eevil\u202C",
  "\u200F\u200E",
  "\u200B\uFEFF",
  "👑⚔️",
  "e\u0301",
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "hasOwnProperty",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  `$${"{"}7*7}{{7*7}}`,
  "\r\nSet-Cookie: x=1",
  "",
  " ",
  "\n".repeat(2000),
  "/*".repeat(2000),
  "a".repeat(20_000),
  "𝕏".repeat(5000),
];

/** Raw path segments (already URL-encoded as a client would send them). */
export const HOSTILE_SEGMENTS = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF",
  "%C0%AF",
  "%E2%80%AE",
  "%F0%9F%91%91",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "a%2Fb",
  "%",
  "%zz",
  "constructor",
  "__proto__",
  "toString",
  "x".repeat(250),
  "1e309",
  "-1",
  "null",
  "%20",
];

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "application/json; charset=whatever",
];

export interface FuzzContext {
  /** Real course ids, so valid requests reach deep into the handlers. */
  courseIds: string[];
  /** Lesson/material ids of those courses. */
  materialIds: string[];
  /** A genuine login token (user-scope routes then run their handlers). */
  token: string;
}

export interface FuzzRequest {
  route: string;
  inject: InjectOptions;
}

type JsonSchema = Json & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodType) return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return schema as JsonSchema; // a plain JSON schema
}

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** encodeURIComponent, except that a lone surrogate is sent as its raw (invalid) UTF-8 bytes. */
export function encodeLoose(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(value[i] as string);
  }
  return out;
}

function stringArb(s: JsonSchema, key: string | undefined, ctx: FuzzContext): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 60, 60);
  let conforming: fc.Arbitrary<string> = fc.string({ minLength: min, maxLength: Math.max(min, max) });
  if (s.format === "email" || key === "email") conforming = fc.emailAddress();
  else if (/^(id|courseId)$/.test(key ?? "")) conforming = fc.constantFrom(...ctx.courseIds);
  else if (/materialId|lessonId/.test(key ?? "")) conforming = fc.constantFrom(...ctx.materialIds);
  else if (s.pattern) {
    try {
      conforming = fc.stringMatching(new RegExp(s.pattern), { maxLength: max });
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  return fc.oneof(
    { weight: 6, arbitrary: conforming },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ minLength: (s.maxLength ?? 200) + 1, maxLength: (s.maxLength ?? 200) + 3 }) },
  );
}

/** Values shaped like the schema, with edge cases mixed into every leaf. */
function arbFromSchema(s: JsonSchema | undefined, ctx: FuzzContext, key?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum)
    return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...s.enum) }, { weight: 1, arbitrary: hostileString });
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbFromSchema(a, ctx, key, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "object": {
      const props = s.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbFromSchema(v, ctx, k, depth + 1)])),
        { requiredKeys: (s.required ?? []).filter((k) => k in props) },
      ) as fc.Arbitrary<Json>;
      if (s.additionalProperties && typeof s.additionalProperties === "object") {
        const extra = fc.dictionary(
          fc.oneof(fc.constantFrom(...ctx.materialIds), fc.string({ maxLength: 20 }), hostileString),
          arbFromSchema(s.additionalProperties, ctx, undefined, depth + 1),
          { maxKeys: 4 },
        );
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
      }
      return record;
    }
    case "array": {
      const max = Math.min(s.maxItems ?? 5, 5);
      return fc.array(arbFromSchema(s.items, ctx, key, depth + 1), { maxLength: max });
    }
    case "string":
      return stringArb(s, key, ctx);
    case "integer":
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1_000_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 2 ** 31, 2 ** 53 + 1, 1.5, -0) },
      );
    case "number":
      return fc.oneof(
        { weight: 6, arbitrary: fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true }) },
        { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, 5e-324, -0) },
      );
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const wrongValue = fc.oneof(
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
  hostileString,
  fc.constant({ __proto__: { admin: true } }),
);

/** Missing, extra and wrongly typed fields, on top of a schema-shaped body. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return fc.constant(value);
  const keys = Object.keys(value);
  const ops: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom("__proto__", "constructor", "isPremium", "price", "grade", "userId"),
        ),
        wrongValue,
      )
      .map(([k, v]) => JSON.parse(JSON.stringify({ ...(value as Json), [k]: v }))),
  ];
  if (keys.length > 0) {
    ops.push(
      fc.constantFrom(...keys).map((k) => {
        const copy = { ...(value as Json) };
        delete copy[k];
        return copy;
      }),
      fc.tuple(fc.constantFrom(...keys), wrongValue).map(([k, v]) => ({ ...(value as Json), [k]: v })),
    );
  }
  return fc.oneof(...ops);
}

const ipArb = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

function requestArb(route: RouteInfo, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const bodySchema = toJsonSchema(route.schema?.body);
  const paramsSchema = toJsonSchema(route.schema?.params);
  const querySchema = toJsonSchema(route.schema?.querystring);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

  const segment = (name: string) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: arbFromSchema(paramsSchema?.properties?.[name] ?? { type: "string" }, ctx, name).map((v) =>
          encodeLoose(String(v)),
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    );
  const path = fc.tuple(...names.map(segment)).map((values) => {
    let url = route.url;
    names.forEach((n, i) => {
      url = url.replace(`:${n}`, values[i] ?? "");
    });
    return url;
  });

  const query = fc.oneof(
    { weight: 6, arbitrary: fc.constant("") },
    {
      weight: 2,
      arbitrary: (querySchema
        ? arbFromSchema(querySchema, ctx)
        : fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 })
      ).map((q) =>
        q && typeof q === "object"
          ? `?${Object.entries(q as Json)
              .map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(String(v))}`)
              .join("&")}`
          : "",
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("?%", "?a=%00", "?a[b]=1&a[c]=2", "?a=1&a=2&a=3", `?q=${"x".repeat(5000)}`),
    },
  );

  const shaped = arbFromSchema(bodySchema, ctx);
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = fc.oneof(
    {
      weight: 5,
      arbitrary: shaped.map((v) => ({ payload: JSON.stringify(v) ?? "null", contentType: "application/json" })),
    },
    {
      weight: 4,
      arbitrary: shaped
        .chain(mutate)
        .map((v) => ({ payload: JSON.stringify(v) ?? "null", contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((v) => ({ payload: JSON.stringify(v), contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(
            "{",
            '{"a":',
            "[1,2",
            "nul",
            '{"a":1}{"b":2}',
            "\uFEFF{}",
            '{"__proto__":{"x":1}}',
            "[".repeat(5000),
          ),
        )
        .map((payload) => ({ payload, contentType: "application/json" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 40 }))
        .map(([contentType, payload]) => ({ payload, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const oversized = fc.constant({
    payload: JSON.stringify({ x: "y".repeat(1_100_000) }),
    contentType: "application/json",
  });

  const auth = fc.oneof(
    { weight: 5, arbitrary: fc.constant(`Bearer ${ctx.token}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "Bearer ",
        "Bearer x.y.z",
        "Basic abc",
        `Bearer ${ctx.token}x`,
        "bearer \uD800",
        `Bearer ${"a".repeat(9000)}`,
      ),
    },
  );

  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  return fc
    .record({
      path,
      query,
      body: hasBody
        ? fc.oneof({ weight: 60, arbitrary: body }, { weight: 1, arbitrary: oversized })
        : fc.constant<{ payload?: string; contentType?: string }>({}),
      auth,
      ip: ipArb,
    })
    .map(({ path: p, query: q, body: b, auth: a, ip }) => {
      const headers: Record<string, string> = {};
      if (b.contentType) headers["content-type"] = b.contentType;
      if (a !== undefined) headers.authorization = a;
      return {
        route: `${route.method} ${route.url}`,
        inject: {
          method: route.method as InjectOptions["method"],
          url: `${p}${q}`,
          headers,
          remoteAddress: ip,
          ...(b.payload !== undefined ? { payload: b.payload } : {}),
        },
      };
    });
}

/** The fuzzed routes: every API route the app registered. */
export const apiRoutes = (app: App) => app.routeTable.filter((r) => r.url.startsWith("/api/"));

export function generateRequests(app: App, ctx: FuzzContext, options: { seed: number; count: number }): FuzzRequest[] {
  const routes = apiRoutes(app);
  const arb = fc.constantFrom(...routes).chain((r) => requestArb(r, ctx));
  return fc.sample(arb, { seed: options.seed, numRuns: options.count });
}

/**
 * A runner that answers at once without running anything (stdin echoed as the output): the fuzz
 * targets the HTTP layer, so /api/run and trial submissions take their working path, and a 5xx from
 * them is a failure like any other (with the runner off they would answer a deliberate 503).
 */
export function createEchoRunner(): CodeRunner {
  return {
    engine: "local",
    async status() {
      return { engine: "local", versions: versionMap(() => true) };
    },
    async run(job) {
      return { stdout: job.stdin ?? "", stderr: "", exitCode: 0, timeMs: 1, timedOut: false, truncated: false };
    },
    async runCases(job) {
      return {
        runs: job.stdins.map((stdin) => ({
          stdout: stdin,
          stderr: "",
          exitCode: 0,
          timedOut: false,
          truncated: false,
        })),
      };
    },
    async runTests() {
      // No harness report: every hidden test comes back as not run, a normal (failed) verdict.
      return { run: { stdout: "", stderr: "", exitCode: 0, timedOut: false, truncated: false } };
    },
    async close() {},
  };
}

export interface FuzzFailure {
  route: string;
  request: FuzzRequest["inject"];
  status: number;
  body: string;
  why: string;
}

export interface FuzzStats {
  sent: number;
  byStatus: Record<number, number>;
  fiveHundreds: number;
  failures: FuzzFailure[];
  routes: Set<string>;
}

/** Sends every request and checks each answer: no 5xx, every 4xx a JSON { message: string }. */
export async function runRequests(app: App, requests: FuzzRequest[]): Promise<FuzzStats> {
  const stats: FuzzStats = { sent: 0, byStatus: {}, fiveHundreds: 0, failures: [], routes: new Set() };
  for (const r of requests) {
    const res = await app.inject(r.inject);
    stats.sent += 1;
    stats.routes.add(r.route);
    stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
    const fail = (why: string) =>
      stats.failures.push({
        route: r.route,
        request: { ...r.inject, payload: String(r.inject.payload ?? "").slice(0, 300) },
        status: res.statusCode,
        body: res.body.slice(0, 300),
        why,
      });
    if (res.statusCode >= 500) {
      stats.fiveHundreds += 1;
      fail("5xx");
      continue;
    }
    if (res.statusCode >= 400) {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        fail("4xx body is not JSON");
        continue;
      }
      if (
        !body ||
        typeof (body as Json).message !== "string" ||
        !String(res.headers["content-type"]).startsWith("application/json")
      ) {
        fail("4xx is not a JSON { message }");
      }
    }
  }
  return stats;
}

/** The app still answers normally after the storm: health, readiness, a catalogue read and a login. */
export async function stillHealthy(app: App, login: { email: string; password: string }): Promise<string[]> {
  const problems: string[] = [];
  for (const url of ["/api/health", "/api/ready", "/api/courses"]) {
    const res = await app.inject({ url });
    if (res.statusCode !== 200) problems.push(`${url} answered ${res.statusCode}`);
  }
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: login,
    remoteAddress: "10.255.255.1",
  });
  if (res.statusCode !== 200) problems.push(`login answered ${res.statusCode}: ${res.body}`);
  return problems;
}
