import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { myCertificatesResponse } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { engines } from "../../../test/harness.js";
import { passAndComplete } from "../../../test/quiz.js";
import { loadConfig } from "../../config.js";
import { publicOrigin } from "../../public-origin.js";

const ORIGIN = "https://kingdom.example";
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Kingdom of Code</title>
    <meta name="description" content="Learn to code" />
    <script type="module" src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("publicOrigin", () => {
  it("uses PUBLIC_ORIGIN, else the listening address (loopback by default) with a wildcard host as localhost", () => {
    expect(publicOrigin(loadConfig({ PUBLIC_ORIGIN: "https://a.example/", PORT: "80" }))).toBe("https://a.example");
    expect(publicOrigin(loadConfig({ PORT: "4100" }))).toBe("http://127.0.0.1:4100");
    expect(publicOrigin(loadConfig({ HOST: "0.0.0.0", PORT: "4100" }))).toBe("http://localhost:4100");
    expect(publicOrigin(loadConfig({ HOST: "::", PORT: "4100" }))).toBe("http://localhost:4100");
    expect(publicOrigin(loadConfig({ HOST: "127.0.0.1", PORT: "4100" }))).toBe("http://127.0.0.1:4100");
  });
});

describe.each(engines)("certificate pages and lists on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  let webDir: string;
  let course: { _id: string; title: string };
  let lessonIds: string[];
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "koc-verify-"));
    writeFileSync(join(webDir, "index.html"), INDEX);
    t = await createAccountsTestApp(engine, { publicOrigin: ORIGIN, webDistDir: webDir });
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      title: string;
      lessonCount: number;
      access: string;
    }[];
    const smallest = courses
      .filter((c) => c.lessonCount > 0 && c.access === "free")
      .sort((a, b) => a.lessonCount - b.lessonCount)[0];
    if (!smallest) throw new Error("no course with lessons");
    course = smallest;
    const lessons = (await t.app.inject({ method: "GET", url: `/api/materials/course/${course._id}` })).json() as {
      _id: string;
    }[];
    lessonIds = lessons.map((l) => l._id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** Earns the course as a learner does (every quiz passed, every topic completed), then issues its certificate. */
  const earn = async (name: string) => {
    const u = await registerUser(t.app, { name });
    await passAndComplete(t.app, u.auth, course._id, lessonIds);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/certificates",
      headers: u.auth,
      payload: { courseId: course._id },
    });
    expect(res.statusCode).toBe(201);
    return { user: u, cert: res.json() as { code: string; verifyUrl: string; name: string } };
  };

  it("answers the verify URL on PUBLIC_ORIGIN when issuing and verifying", async () => {
    const { cert } = await earn("Ada Lovelace");
    expect(cert.verifyUrl).toBe(`${ORIGIN}/verify/${cert.code}`);
    const view = await t.app.inject({ method: "GET", url: `/api/certificates/${cert.code}` });
    expect(view.json().verifyUrl).toBe(cert.verifyUrl);
  });

  it("serves /verify/{code} with the certificate's title and Open Graph tags, HTML-escaped", async () => {
    const { cert } = await earn(`Zoë "<b>O'Neil</b>" & co`);
    const res = await t.app.inject({ method: "GET", url: `/verify/${cert.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.body;
    const escapedName = "Zoë &quot;&lt;b&gt;O&#39;Neil&lt;/b&gt;&quot; &amp; co";
    expect(html).not.toContain("<b>O'Neil</b>");
    expect(html).toContain(`<title>${escapedName}: ${course.title} certificate | Kingdom of Code</title>`);
    expect(html).toContain(
      `<meta property="og:title" content="${escapedName}: ${course.title} certificate | Kingdom of Code" />`,
    );
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:description" content="${escapedName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} completed ${course.title} on Kingdom of Code on \\d{1,2} \\w+ \\d{4}\\. Verification code ${cert.code}\\." />`,
      ),
    );
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/verify/${cert.code}" />`);
    // one title only, tags inside <head>, the app's script kept
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.indexOf('property="og:title"')).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
  });

  it("keeps the generic page for a code never issued", async () => {
    for (const code of ["KOC-1700000000000-ABCDEFGHI", "x".repeat(150)]) {
      const res = await t.app.inject({ method: "GET", url: `/verify/${code}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it("lists only the caller's own certificates", async () => {
    const a = await earn("Learner A");
    const b = await earn("Learner B");
    const list = async (auth: Record<string, string>) => {
      const res = await t.app.inject({ method: "GET", url: "/api/certificates", headers: auth });
      expect(res.statusCode).toBe(200);
      return myCertificatesResponse.parse(res.json()).certificates;
    };
    const mine = await list(a.user.auth);
    expect(mine.map((c) => c.code)).toEqual([a.cert.code]);
    expect(mine[0]).toMatchObject({ name: "Learner A", courseId: course._id, verifyUrl: a.cert.verifyUrl });
    expect((await list(b.user.auth)).map((c) => c.code)).toEqual([b.cert.code]);
    const fresh = await registerUser(t.app);
    expect(await list(fresh.auth)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/certificates" })).statusCode).toBe(401);
  });
});
