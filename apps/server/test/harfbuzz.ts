/** HarfBuzz (harfbuzzjs), the reference shaper, for checking how a name is laid out. */
import { readFileSync } from "node:fs";
import * as hb from "harfbuzzjs";

export interface ShapedGlyph {
  id: number;
  xOffset: number;
  yOffset: number;
  xAdvance: number;
}

/** `text` shaped with the font in `file`: glyphs in visual order (left to right, also for Arabic and Hebrew). */
export function harfbuzzShape(file: string, text: string): ShapedGlyph[] {
  const data = readFileSync(file);
  const font = new hb.Font(new hb.Face(new hb.Blob(data.buffer.slice(data.byteOffset, data.byteOffset + data.length))));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map((g, i) => ({
    id: g.codepoint,
    xOffset: positions[i]?.xOffset ?? 0,
    yOffset: positions[i]?.yOffset ?? 0,
    xAdvance: positions[i]?.xAdvance ?? 0,
  }));
}
