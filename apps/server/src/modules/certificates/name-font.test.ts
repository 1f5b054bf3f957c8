import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { harfbuzzShape } from "../../../test/harfbuzz.js";
import { notoFontsDir } from "../../paths.js";
import { openNameFont } from "./name-font.js";

const fontFile = (family: string) => join(notoFontsDir, `NotoSans${family}_400Regular.ttf`);

/** Glyph ids with their offsets and advances, as "gid@dx,dy+advance". */
const harfbuzz = (file: string, text: string) =>
  harfbuzzShape(file, text).map((g) => `${g.id}@${g.xOffset},${g.yOffset}+${g.xAdvance}`);
const shaped = (font: fontkit.Font, text: string) => {
  const run = font.layout(text);
  return run.glyphs.map(
    (g, i) => `${g.id}@${run.positions[i]?.xOffset},${run.positions[i]?.yOffset}+${run.positions[i]?.xAdvance}`,
  );
};

const samples = [
  ["Gurmukhi", "ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ", 0x0a00],
  ["Telugu", "శ్రీనివాస్ రెడ్డి", 0x0c00],
  ["Malayalam", "അനന്തകൃഷ്ണൻ", 0x0d00],
  ["Gujarati", "અંજલિ પટેલ", 0x0a80],
  ["Tamil", "இஂ கார்த்திக் சுப்பிரமணியம்", 0x0b80],
  ["Sinhala", "සුනිල් පෙරේරා", 0x0d80],
  ["Thai", "สมชาย ใจดี", 0x0e00],
  // Right to left: fontkit must return the glyphs in visual order, as HarfBuzz does.
  ["Arabic", "محمد عبد الله", 0x0600],
  ["Hebrew", "דוד כהן", 0x0590],
] as const;

describe("name fonts with NULL mark anchors", () => {
  it("make plain fontkit throw (the bug openNameFont guards against)", () => {
    const plain = fontkit.create(readFileSync(fontFile("Malayalam"))) as fontkit.Font;
    expect(() => plain.layout("അനന്തകൃഷ്ണൻ")).toThrow(TypeError);
  });

  it.each(samples)("shape %s exactly as HarfBuzz does (same glyphs, offsets and advances)", (family, name) => {
    const file = fontFile(family);
    expect(shaped(openNameFont(file), name)).toEqual(harfbuzz(file, name));
  });

  it.each(samples)("lay out every %s letter followed by every mark of the block", (family, _name, start) => {
    const font = openNameFont(fontFile(family));
    const chars = Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(start + i)).filter((c) =>
      font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0),
    );
    const marks = chars.filter((c) => /\p{M}/u.test(c));
    expect(marks.length).toBeGreaterThan(5);
    for (const a of chars) for (const m of marks) expect(font.layout(a + m).glyphs.length).toBeGreaterThan(0);
  });
});
