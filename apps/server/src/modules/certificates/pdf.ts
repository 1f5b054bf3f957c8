import { join } from "node:path";
import type { CertificateResponse } from "@koc/shared";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { notoFontsDir } from "../../paths.js";
import { openNameFont } from "./name-font.js";

/** The scripts whose Noto Sans font (OFL 1.1) we embed for the learner's name. */
export type NameScript =
  | "latin"
  | "devanagari"
  | "bengali"
  | "gurmukhi"
  | "gujarati"
  | "oriya"
  | "tamil"
  | "telugu"
  | "kannada"
  | "malayalam"
  | "sinhala"
  | "thai"
  | "arabic"
  | "hebrew";

/** The Noto Sans families, vendored as files in apps/server/fonts/noto (each with its OFL 1.1 text). */
const fontFamilies: Record<NameScript, string> = {
  latin: "NotoSans",
  devanagari: "NotoSansDevanagari",
  bengali: "NotoSansBengali",
  gurmukhi: "NotoSansGurmukhi",
  gujarati: "NotoSansGujarati",
  oriya: "NotoSansOriya",
  tamil: "NotoSansTamil",
  telugu: "NotoSansTelugu",
  kannada: "NotoSansKannada",
  malayalam: "NotoSansMalayalam",
  sinhala: "NotoSansSinhala",
  thai: "NotoSansThai",
  arabic: "NotoSansArabic",
  hebrew: "NotoSansHebrew",
};

/** The font file a name in `script` is set in. */
export const nameFontFile = (script: NameScript): string =>
  join(notoFontsDir, `${fontFamilies[script]}_400Regular.ttf`);

/**
 * Unicode ranges (first and last code point) of the scripts with a font of their own. Several of
 * the Indic Noto fonts (Gurmukhi, Gujarati, Tamil, Telugu, Malayalam) have NULL mark anchors that
 * make fontkit 2 throw; `openNameFont` guards against that (see name-font.ts). fontkit shapes
 * Arabic and Hebrew right to left and returns the glyphs in visual order, as HarfBuzz does
 * (name-font.test.ts), so a name in one of them prints the right way round. Latin, Greek and
 * Cyrillic are all in Noto Sans. CJK has no font here (each is 10 MB or more): such a name is
 * drawn in Noto Sans, which lacks its glyphs, and is still in the PDF's text (ActualText).
 */
const scriptRanges: [number, number, NameScript][] = [
  [0x0590, 0x05ff, "hebrew"],
  [0xfb1d, 0xfb4f, "hebrew"],
  [0x0600, 0x06ff, "arabic"],
  [0x0750, 0x077f, "arabic"],
  [0x08a0, 0x08ff, "arabic"],
  [0xfb50, 0xfdff, "arabic"],
  [0xfe70, 0xfeff, "arabic"],
  [0x0900, 0x097f, "devanagari"],
  [0xa8e0, 0xa8ff, "devanagari"],
  [0x0980, 0x09ff, "bengali"],
  [0x0a00, 0x0a7f, "gurmukhi"],
  [0x0a80, 0x0aff, "gujarati"],
  [0x0b00, 0x0b7f, "oriya"],
  [0x0b80, 0x0bff, "tamil"],
  [0x0c00, 0x0c7f, "telugu"],
  [0x0c80, 0x0cff, "kannada"],
  [0x0d00, 0x0d7f, "malayalam"],
  [0x0d80, 0x0dff, "sinhala"],
  [0x0e00, 0x0e7f, "thai"],
];

/** The script a name is written in: its first letter from one of scriptRanges decides, otherwise Latin. */
export function nameScript(name: string): NameScript {
  for (const ch of name) {
    const cp = ch.codePointAt(0) ?? 0;
    for (const [first, last, script] of scriptRanges) if (cp >= first && cp <= last) return script;
  }
  return "latin";
}

export const formatCertificateDate = (d: Date) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(d);

const MM = 72 / 25.4;
const W = 297;
const H = 210;

/**
 * The A4 landscape (297 x 210 mm) certificate. pdfkit shapes the name with the font's OpenType
 * tables (conjuncts, reordered vowel signs), and the name is marked with its ActualText so text
 * extraction and screen readers get it in logical order.
 */
/** "with 3 of 8 trials passed": the certificate's note for a course with trials (none without). */
export const trialsNote = (trials: { passed: number; total: number } | undefined): string | undefined =>
  trials && trials.total > 0
    ? `with ${trials.passed} of ${trials.total} ${trials.total === 1 ? "trial" : "trials"} passed`
    : undefined;

export async function renderCertificatePdf(
  cert: CertificateResponse,
  trials?: { passed: number; total: number },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    tagged: true,
    lang: "en",
    info: { Title: `${cert.courseTitle} certificate of ${cert.name}`, Author: "Kingdom of Code" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const centered = (
    text: string,
    yMm: number,
    font: PDFKit.Mixins.PDFFontSource,
    size: number,
    color: string,
    features?: PDFKit.Mixins.OpenTypeFeatures[],
  ) => {
    doc.font(font).fontSize(size).fillColor(color);
    doc.text(text, 0, yMm * MM - size * 0.8, {
      width: W * MM,
      align: "center",
      lineBreak: false,
      ...(features ? { features } : {}),
    });
  };

  doc.rect(0, 0, W * MM, H * MM).fill("#f6ecd2");
  doc
    .lineWidth(3 * MM)
    .rect(8 * MM, 8 * MM, (W - 16) * MM, (H - 16) * MM)
    .stroke("#9b1c31");
  doc
    .lineWidth(1 * MM)
    .rect(13 * MM, 13 * MM, (W - 26) * MM, (H - 26) * MM)
    .stroke("#d4a017");
  // crown
  const tri = (a: [number, number], b: [number, number], c: [number, number]) =>
    doc.polygon([a[0] * MM, a[1] * MM], [b[0] * MM, b[1] * MM], [c[0] * MM, c[1] * MM]).fill("#d4a017");
  tri([138, 40], [143, 28], [148.5, 40]);
  tri([143, 40], [148.5, 24], [154, 40]);
  tri([148.5, 40], [154, 28], [159, 40]);
  doc.rect(138 * MM, 40 * MM, 21 * MM, 4 * MM).fill("#d4a017");

  centered("CERTIFICATE OF COMPLETION", 60, "Times-Bold", 32, "#2b2118");
  centered("Kingdom of Code proudly certifies that", 76, "Helvetica", 13, "#2b2118");
  doc.markContent("Span", { actual: cert.name });
  // pdfkit 0.20 takes a fontkit font object as well as a path; its typings list only paths and buffers.
  const nameFont = openNameFont(nameFontFile(nameScript(cert.name)));
  // Features given (none beyond the font's defaults), pdfkit lays the name out as one run: without
  // them it shapes word by word, and a right-to-left name came out with its spaces misplaced.
  centered(cert.name, 93, nameFont as unknown as PDFKit.Mixins.PDFFontSource, 28, "#9b1c31", []);
  doc.endMarkedContent();
  centered("has successfully completed every topic of the course", 107, "Helvetica", 13, "#2b2118");
  centered(cert.courseTitle, 121, "Times-Bold", 22, "#2b2118");
  centered(`Completed on ${formatCertificateDate(new Date(cert.issuedAt))}`, 134, "Helvetica", 12, "#2b2118");
  const note = trialsNote(trials);
  if (note) centered(note, 142, "Helvetica-Oblique", 12, "#2b2118");

  // founder signature block
  doc
    .lineWidth(0.4 * MM)
    .moveTo(40 * MM, 168 * MM)
    .lineTo(110 * MM, 168 * MM)
    .stroke("#2b2118");
  doc.font("Times-Italic").fontSize(16).fillColor("#2b2118");
  doc.text("The Founder", 40 * MM, 164 * MM - 13, { width: 70 * MM, align: "center", lineBreak: false });
  doc.font("Helvetica").fontSize(10);
  doc.text("Founder, Kingdom of Code", 40 * MM, 174 * MM - 8, { width: 70 * MM, align: "center", lineBreak: false });

  // verification: code, QR of the verify URL, the URL itself
  doc.font("Helvetica").fontSize(10);
  doc.text("Verification code", 160 * MM, 160 * MM - 8, { width: 80 * MM, align: "center", lineBreak: false });
  doc.font("Courier-Bold").fontSize(9);
  doc.text(cert.code, 160 * MM, 167 * MM - 7, { width: 80 * MM, align: "center", lineBreak: false });
  const qr = QRCode.create(cert.verifyUrl, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const size = 38 * MM;
  const cell = size / (n + 4);
  const qx = 238 * MM;
  const qy = 142 * MM;
  doc.rect(qx, qy, size, size).fill("#ffffff");
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(qx + (c + 2) * cell, qy + (r + 2) * cell, cell, cell);
    }
  }
  doc.fill("#000000");
  doc.font("Helvetica").fontSize(7).fillColor("#2b2118");
  doc.text(`Verify at ${cert.verifyUrl}`, 20 * MM, 185 * MM - 6, { width: 256 * MM, align: "right", lineBreak: false });

  doc.end();
  return done;
}
