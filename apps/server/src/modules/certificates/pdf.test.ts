import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { harfbuzzShape } from "../../../test/harfbuzz.js";
import { engines } from "../../../test/harness.js";
import { passAndComplete } from "../../../test/quiz.js";
import { nameFontFile, nameScript, renderCertificatePdf } from "./pdf.js";

const dir = mkdtempSync(join(tmpdir(), "koc-cert-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const code = "KOC-1700000000000-ABCDEFGHI";
const verifyUrl = `https://kingdom.example/verify/${code}`;
let n = 0;
const save = (pdf: Buffer) => {
  n += 1;
  const file = join(dir, `c${n}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const textOf = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
/** The embedded fonts of a PDF (pdffonts), by PostScript name without the subset prefix. */
const embeddedFonts = (file: string) =>
  execFileSync("pdffonts", [file], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 4 && cols.at(-5) === "yes")
    .map((cols) => (cols[0] as string).replace(/^[A-Z]{6}\+/, ""));
const fontName = {
  latin: "NotoSans-Regular",
  devanagari: "NotoSansDevanagari-Regular",
  tamil: "NotoSansTamil-Regular",
  bengali: "NotoSansBengali-Regular",
  gurmukhi: "NotoSansGurmukhi-Regular",
  gujarati: "NotoSansGujarati-Regular",
  oriya: "NotoSansOriya-Regular",
  telugu: "NotoSansTelugu-Regular",
  kannada: "NotoSansKannada-Regular",
  malayalam: "NotoSansMalayalam-Regular",
  sinhala: "NotoSansSinhala-Regular",
  thai: "NotoSansThai-Regular",
  arabic: "NotoSansArabic-Regular",
  hebrew: "NotoSansHebrew-Regular",
} as const;
const render = (name: string) =>
  renderCertificatePdf({
    code,
    name,
    courseTitle: "Java Programming",
    courseId: "java-programming",
    issuedAt: "2026-01-15T10:00:00.000Z",
    verifyUrl,
  });

describe("certificate PDF", () => {
  it.each([
    ["Devanagari", "प्रिया शर्मा", "devanagari"],
    ["Tamil", "கார்த்திக் சுப்பிரமணியம்", "tamil"],
    ["Bengali", "অর্পিতা বন্দ্যোপাধ্যায়", "bengali"],
    ["Gurmukhi", "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ", "gurmukhi"],
    ["Gujarati", "કૃષ્ણ પટેલ", "gujarati"],
    // "અં" hits a NULL mark anchor in Noto Sans Gujarati, which made fontkit throw (see name-font.ts)
    ["Gujarati with anusvara", "અંજલિ પટેલ", "gujarati"],
    ["Odia", "ପ୍ରିୟଙ୍କା", "oriya"],
    ["Telugu", "శ్రీనివాస్ రెడ్డి", "telugu"],
    ["Kannada", "ಕೃಷ್ಣಮೂರ್ತಿ", "kannada"],
    ["Malayalam", "അനന്തകൃഷ്ണൻ", "malayalam"],
    ["Sinhala", "සුනිල් පෙරේරා", "sinhala"],
    ["Thai", "สมชาย ใจดี", "thai"],
    ["Arabic", "محمد عبد الله", "arabic"],
    ["Hebrew", "דוד כהן", "hebrew"],
    ["Latin with diacritics", "Zoë Łukasiewicz-Ñúñez", "latin"],
  ] as const)("prints a %s name so pdftotext finds it", async (_label, name, script) => {
    expect(nameScript(name)).toBe(script);
    const file = save(await render(name));
    // pdftotext prints a right-to-left run in visual order between U+202B and U+202C: undo that.
    const text = textOf(file)
      .replace(/\u202b([^\u202c]*)\u202c/g, (_all, run: string) => [...run].reverse().join(""))
      .normalize("NFC");
    expect(text).toContain(name.normalize("NFC"));
    // pdftotext reads the name's ActualText, which it would find even if the glyphs were drawn in a
    // font without them: the name must also be set in the embedded Noto Sans font of its script.
    expect(embeddedFonts(file)).toContain(fontName[script]);
    expect(text).toContain("CERTIFICATE OF COMPLETION");
    expect(text).toContain("Java Programming");
    expect(text).toContain("Completed on 15 January 2026");
    expect(text).toContain(code);
    expect(text).toContain(`Verify at ${verifyUrl}`);
    expect(text).toContain("Founder, Kingdom of Code");
  });

  it.each([
    ["Arabic", "محمد عبد الله"],
    ["Hebrew", "דוד כהן"],
    ["Devanagari", "प्रिया शर्मा"],
  ])("draws a %s name as one run, in HarfBuzz's visual order with its spaces in place", async (_label, name) => {
    // The glyphs drawn at the name's size (28 pt), from the page's content stream. pdfkit numbers a
    // subset's glyphs in the order they are first drawn, so compare the pattern of repeats: "1 2 3 2".
    const pdf = await render(name);
    const drawn: number[] = [];
    for (const m of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
      let content: string;
      try {
        content = inflateSync(Buffer.from(m[1] ?? "", "latin1")).toString("latin1");
      } catch {
        continue;
      }
      // Everything drawn from the name's Tf to the end of its text object: pdfkit starts a new TJ
      // wherever a glyph sits higher or lower (Arabic's marks).
      const nameText = content.match(/ 28 Tf([\s\S]*?)\bET\b/)?.[1] ?? "";
      for (const tj of nameText.matchAll(/\[([^\]]*)\] TJ/g))
        for (const hex of tj[1]?.matchAll(/<([0-9a-f]+)>/g) ?? [])
          for (const id of hex[1]?.match(/.{4}/g) ?? []) drawn.push(Number.parseInt(id, 16));
    }
    const pattern = (ids: number[]) => ids.map((id) => ids.indexOf(id));
    const expected = harfbuzzShape(nameFontFile(nameScript(name)), name).map((g) => g.id);
    expect(drawn.length).toBe(expected.length);
    expect(pattern(drawn)).toEqual(pattern(expected));
  });

  it('notes "with N of M trials passed" for a course with trials, and nothing for one without', async () => {
    const cert = {
      code,
      name: "Devasena",
      courseTitle: "Java Programming",
      courseId: "java-programming",
      issuedAt: "2026-01-15T10:00:00.000Z",
      verifyUrl,
    };
    const withTrials = textOf(save(await renderCertificatePdf(cert, { passed: 3, total: 8 })));
    expect(withTrials).toContain("with 3 of 8 trials passed");
    expect(withTrials).toContain("Completed on 15 January 2026");
    expect(textOf(save(await renderCertificatePdf(cert, { passed: 0, total: 0 })))).not.toMatch(/trials? passed/);
    expect(textOf(save(await renderCertificatePdf(cert, { passed: 1, total: 1 })))).toContain(
      "with 1 of 1 trial passed",
    );
  });

  it("never fails on a script without its own font: a CJK name is still in the PDF's text", async () => {
    for (const name of ["王小明", "김민준"]) {
      expect(nameScript(name)).toBe("latin");
      const file = save(await render(name));
      const text = textOf(file);
      expect(text).toContain("CERTIFICATE OF COMPLETION");
      expect(text).toContain(name);
      expect(embeddedFonts(file)).toContain(fontName.latin);
    }
  });

  it("is A4 landscape and carries a QR code that decodes to the verify URL", async () => {
    const file = save(await render("Ada Lovelace"));
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    execFileSync("pdftoppm", ["-r", "150", "-singlefile", file, join(dir, "page")]);
    const ppm = readFileSync(join(dir, "page.ppm"));
    const header = ppm
      .subarray(0, 40)
      .toString("latin1")
      .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
    if (!header) throw new Error("not a PPM");
    const [w, h] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      rgba[i * 4] = rgb[i * 3] ?? 0;
      rgba[i * 4 + 1] = rgb[i * 3 + 1] ?? 0;
      rgba[i * 4 + 2] = rgb[i * 3 + 2] ?? 0;
      rgba[i * 4 + 3] = 255;
    }
    expect(jsQR(rgba, w, h)?.data).toBe(verifyUrl);
  });
});

describe.each(engines)("GET /api/certificates/{code}/pdf on %s", (engine) => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { publicOrigin: "https://kingdom.example" });
  });
  afterAll(() => t.close());

  it("gives the owner their PDF and nobody else", async () => {
    const owner = await registerUser(t.app, { name: "प्रिया शर्मा" });
    const courses = (await t.app.inject({ method: "GET", url: "/api/courses" })).json() as {
      _id: string;
      lessonCount: number;
      access: string;
    }[];
    const course = courses
      .filter((c) => c.lessonCount > 0 && c.access === "free")
      .sort((a, b) => a.lessonCount - b.lessonCount)[0];
    if (!course) throw new Error("no course with lessons");
    const lessons = (await t.app.inject({ method: "GET", url: `/api/materials/course/${course._id}` })).json() as {
      _id: string;
    }[];
    const ids = lessons.map((l) => l._id);
    await passAndComplete(t.app, owner.auth, course._id, ids);
    const issued = await t.app.inject({
      method: "POST",
      url: "/api/certificates",
      headers: owner.auth,
      payload: { courseId: course._id },
    });
    const cert = issued.json() as { code: string };

    const res = await t.app.inject({ method: "GET", url: `/api/certificates/${cert.code}/pdf`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`${encodeURIComponent("प्रिया_शर्मा")}.pdf`);
    const text = textOf(save(res.rawPayload));
    expect(text).toContain("प्रिया शर्मा");
    expect(text).toContain(`https://kingdom.example/verify/${cert.code}`);

    const other = await registerUser(t.app);
    const stolen = await t.app.inject({
      method: "GET",
      url: `/api/certificates/${cert.code}/pdf`,
      headers: other.auth,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/certificates/${cert.code}/pdf` })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/certificates/KOC-1700000000000-NOTREAL00/pdf",
      headers: owner.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
