import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines, realCatalogue } from "../../../test/harness.js";
import { seedCatalogue } from "../../db/seed.js";
import { createEntitlementService } from "../payments/entitlements.js";
import { chooseCoding, matchesEtag } from "./prepared.js";

describe("content coding and ETag matching", () => {
  const both = { br: true, gzip: true };
  it("picks the acceptable coding with the highest q, brotli on a tie, identity otherwise", () => {
    expect(chooseCoding(undefined, both)).toBe("identity");
    expect(chooseCoding("", both)).toBe("identity");
    expect(chooseCoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseCoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseCoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(chooseCoding("BR", both)).toBe("br");
    expect(chooseCoding("*", both)).toBe("br");
    expect(chooseCoding("*;q=0, identity", both)).toBe("identity");
    expect(chooseCoding("gzip;q=0, br;q=0", both)).toBe("identity");
    expect(chooseCoding("identity", both)).toBe("identity");
    expect(chooseCoding("deflate", both)).toBe("identity");
    expect(chooseCoding("br", { br: false, gzip: true })).toBe("identity");
    expect(chooseCoding("br, gzip", { br: false, gzip: true })).toBe("gzip");
  });

  it("matches If-None-Match weakly, in any coding of the same bytes, and *", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc-br"', '"abc"')).toBe(true);
    expect(matchesEtag('"abc-gz"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag('"abc-zz"', '"abc"')).toBe(false);
    expect(matchesEtag("abc", '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe.each(engines)("catalogue answers prepared in memory on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let premiumCourse: string;
  let previewLesson: string;
  let premiumLesson: string;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    const courses = (await t.app.inject({ url: "/api/courses" })).json() as { _id: string; access: string }[];
    premiumCourse = (courses.find((c) => c.access === "premium") as { _id: string })._id;
    const list = (await t.app.inject({ url: `/api/materials/course/${premiumCourse}` })).json() as { _id: string }[];
    previewLesson = (list[0] as { _id: string })._id;
    premiumLesson = (list[1] as { _id: string })._id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  const catalogueUrls = () => [
    "/api/courses",
    "/api/courses/java-programming",
    "/api/materials/course/java-programming",
    `/api/materials/course/${premiumCourse}`,
    `/api/materials/${previewLesson}`,
  ];

  it("sends a strong ETag and answers 304 without a body to If-None-Match", async () => {
    for (const url of catalogueUrls()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await get(url)).headers.etag, url).toBe(etag);
      for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(url, { "if-none-match": tag });
        expect(again.statusCode, `${url} ${tag}`).toBe(304);
        expect(again.body, url).toBe("");
        expect(again.headers.etag, url).toBe(etag);
      }
      expect((await get(url, { "if-none-match": '"stale"' })).statusCode, url).toBe(200);
    }
  });

  it("serves brotli, gzip or identity as Accept-Encoding asks, always with Vary: Accept-Encoding", async () => {
    for (const url of catalogueUrls()) {
      const plain = await get(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(String(plain.headers.vary), url).toMatch(/Accept-Encoding/);
      expect(String(plain.headers["content-type"])).toMatch(/^application\/json/);
      const json = plain.json();

      const br = await get(url, { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(String(br.headers.vary), url).toMatch(/Accept-Encoding/);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8")), url).toEqual(json);
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      // A compressed answer has its own validator, and revalidates in any coding.
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      expect((await get(url, { "if-none-match": String(br.headers.etag) })).statusCode).toBe(304);

      const gz = await get(url, { "accept-encoding": "br;q=0, gzip" });
      expect(gz.headers["content-encoding"], url).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8")), url).toEqual(json);
      expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.length);
    }
  });

  it("keeps the catalogue's caching rules: shared answers revalidate, lesson answers are private", async () => {
    expect((await get("/api/courses")).headers["cache-control"]).toBe("no-cache");
    const list = await get("/api/materials/course/java-programming");
    expect(list.headers["cache-control"]).toBe("private, no-cache");
    expect(String(list.headers.vary)).toMatch(/Authorization/);
    const lesson = await get(`/api/materials/${previewLesson}`);
    expect(lesson.headers["cache-control"]).toBe("private, max-age=300");
    expect(String(lesson.headers.vary)).toMatch(/Authorization/);
    // Security headers still on every prepared answer.
    expect(String(lesson.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(lesson.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 404 and 400 for unknown and malformed ids without a body from the cache", async () => {
    expect((await get("/api/courses/no-such-course")).statusCode).toBe(404);
    expect((await get("/api/materials/course/no-such-course")).statusCode).toBe(404);
    const missing = await get("/api/materials/no-such-course--no-lesson");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Lesson not found" });
    expect((await get("/api/courses/Not_A_Slug")).json().message).toMatch(/^params\.id: /);
  });

  it("never gives a premium body or premium open flags to a visitor, a free learner or a forged token", async () => {
    const free = await registerUser(t.app);
    for (const headers of [{}, free.auth, { authorization: "Bearer forged.token.here" }]) {
      for (const encoding of ["", "br", "gzip"]) {
        const h = { ...headers, ...(encoding ? { "accept-encoding": encoding } : {}) };
        const lesson = await get(`/api/materials/${premiumLesson}`, h);
        expect(lesson.statusCode).toBe(403);
        expect(lesson.body).not.toMatch(/"content"/);
        expect(lesson.headers.etag).toBeUndefined();
        const list = await get(`/api/materials/course/${premiumCourse}`, { ...headers });
        expect(list.json().map((l: { open: boolean }) => l.open)).toEqual(
          list.json().map((_: unknown, i: number) => i === 0),
        );
      }
    }
    // Even the premium lesson's ETag, learnt elsewhere, gets a free learner nothing but 403.
    const premium = await registerUser(t.app);
    await createEntitlementService(t.database.db).grant(premium.user.email, "test", "test");
    const etag = String((await get(`/api/materials/${premiumLesson}`, premium.auth)).headers.etag);
    const probe = await get(`/api/materials/${premiumLesson}`, { ...free.auth, "if-none-match": etag });
    expect(probe.statusCode).toBe(403);
  });

  it("opens the premium lessons the moment a learner becomes premium, and closes them when it is revoked", async () => {
    const learner = await registerUser(t.app);
    const entitlements = createEntitlementService(t.database.db);
    const listFor = async () =>
      (await get(`/api/materials/course/${premiumCourse}`, learner.auth)).json().map((l: { open: boolean }) => l.open);
    const before = await get(`/api/materials/course/${premiumCourse}`, learner.auth);
    expect((await get(`/api/materials/${premiumLesson}`, learner.auth)).statusCode).toBe(403);

    await entitlements.grant(learner.user.email, "test", "test");
    const lesson = await get(`/api/materials/${premiumLesson}`, learner.auth);
    expect(lesson.statusCode).toBe(200);
    expect(lesson.json().content.length).toBeGreaterThan(0);
    expect((await listFor()).every(Boolean)).toBe(true);
    // The visitor's list, revalidated by the new premium learner, is not "not modified".
    const revalidated = await get(`/api/materials/course/${premiumCourse}`, {
      ...learner.auth,
      "if-none-match": String(before.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().every((l: { open: boolean }) => l.open)).toBe(true);
    // Visitors still get the preview variant from the same process.
    expect((await get(`/api/materials/${premiumLesson}`)).statusCode).toBe(403);

    await entitlements.revoke(learner.user.email, "test", "test");
    expect((await get(`/api/materials/${premiumLesson}`, learner.auth)).statusCode).toBe(403);
    expect((await listFor()).filter(Boolean)).toHaveLength(1);
  });

  it("rebuilds every answer when the seed changes the catalogue", async () => {
    const oldCourses = await get("/api/courses");
    const oldCourse = await get("/api/courses/java-programming");
    const oldList = await get("/api/materials/course/java-programming");
    const firstJava = (oldList.json() as { _id: string }[])[0]?._id as string;
    const oldLesson = await get(`/api/materials/${firstJava}`);
    const catalogue = realCatalogue();
    const java = catalogue.courses.find((c) => c.id === "java-programming");
    if (!java?.lessons[0]) throw new Error("no Java course");
    java.title = "Java Programming, Second Edition";
    java.lessons[0].title = "A New First Lesson";
    java.lessons[0].content = `${java.lessons[0].content}\n\nA paragraph added by the reseed.`;
    try {
      expect((await seedCatalogue(t.database.db, catalogue)).changed).toBe(true);
      const courses = await get("/api/courses", { "if-none-match": String(oldCourses.headers.etag) });
      expect(courses.statusCode).toBe(200);
      expect(courses.json().find((c: { _id: string }) => c._id === "java-programming").title).toBe(
        "Java Programming, Second Edition",
      );
      const course = await get("/api/courses/java-programming", { "if-none-match": String(oldCourse.headers.etag) });
      expect(course.statusCode).toBe(200);
      expect(course.json().title).toBe("Java Programming, Second Edition");
      const list = await get("/api/materials/course/java-programming");
      expect(list.headers.etag).not.toBe(oldList.headers.etag);
      expect(list.json()[0].title).toBe("A New First Lesson");
      const lesson = await get(`/api/materials/${firstJava}`, { "if-none-match": String(oldLesson.headers.etag) });
      expect(lesson.statusCode).toBe(200);
      expect(lesson.json().content).toContain("A paragraph added by the reseed.");
      // The server's own readers (grading, progress, the mentor) see the new catalogue too.
      expect((await t.app.catalogue.lessonWithAnswers(firstJava)).lesson.title).toBe("A New First Lesson");
    } finally {
      await seedCatalogue(t.database.db, realCatalogue());
    }
    expect((await get("/api/courses/java-programming")).json().title).toBe("Java Programming");
    expect((await get("/api/courses")).headers.etag).toBe(oldCourses.headers.etag);
  });
});
