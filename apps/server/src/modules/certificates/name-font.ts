import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";

/**
 * fontkit 2 (pdfkit's shaper) crashes on a NULL anchor in a mark-attachment lookup.
 *
 * In GPOS MarkToBase, MarkToLigature and MarkToMark subtables (lookup types 4, 5 and 6) the
 * anchor offset of a base for a mark class may be NULL: the OpenType spec allows it, and it means
 * "this base has no attachment point for that class here". HarfBuzz then does not apply the subtable
 * ("return false such that the subsequent subtables have a chance at it"). fontkit instead reads
 * `xCoordinate` of null and throws a TypeError, so the whole layout fails. The Noto Sans Gurmukhi,
 * Telugu, Malayalam, Gujarati and Tamil fonts all contain such NULL anchors (e.g. Gujarati "અં",
 * Malayalam "അനന്തകൃഷ്ണൻ" and Telugu "శ్రీనివాస్" throw without this wrapper).
 *
 * This wrapper gives one font's GPOS processor HarfBuzz's behaviour: a mark attachment whose base
 * (or mark) anchor is missing is reported as "not applied" (the glyph keeps its unattached position
 * and the lookup's next subtable may still apply). The wrapper only adds a guard in front of
 * fontkit's own `applyAnchor`/`applyLookup`; everything else is fontkit's code. It relies on two
 * fontkit internals (`font._layoutEngine.engine.GPOSProcessor` and its `applyAnchor`/`applyLookup`
 * methods) and throws if they are not there, so a fontkit upgrade that changes them fails loudly
 * in the certificate tests instead of silently printing unpositioned marks.
 */

type Anchor = { xCoordinate: number; yCoordinate: number } | null | undefined;
type MarkRecord = { class: number; markAnchor: Anchor } | null | undefined;
interface GposProcessor {
  applyLookup(lookupType: number, table: unknown): boolean;
  applyAnchor(markRecord: MarkRecord, baseAnchor: Anchor, baseGlyphIndex: number): void;
}
interface FontInternals {
  GPOS?: unknown;
  _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor | null } };
}

/** Thrown by the guarded applyAnchor, caught by the guarded applyLookup of the same processor. */
const missingAnchor = Symbol("missing GPOS anchor");

function skipNullAnchors(font: fontkit.Font): void {
  const internals = font as unknown as FontInternals;
  if (!internals.GPOS) return;
  const gpos = internals._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos || typeof gpos.applyLookup !== "function" || typeof gpos.applyAnchor !== "function") {
    throw new Error(`fontkit internals changed: no GPOS processor to guard in ${font.postscriptName}`);
  }
  const applyLookup = gpos.applyLookup;
  const applyAnchor = gpos.applyAnchor;
  gpos.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor == null || markRecord?.markAnchor == null) throw missingAnchor;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  // Every (nested, extension, contextual) subtable goes through this.applyLookup, so the
  // innermost mark subtable is the one reported as not applied.
  gpos.applyLookup = function (this: GposProcessor, lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (e) {
      if (e === missingAnchor) return false;
      throw e;
    }
  };
}

const fonts = new Map<string, fontkit.Font>();

/** The font of a file (one fontkit font per file and process), safe to shape any text with. */
export function openNameFont(file: string): fontkit.Font {
  let font = fonts.get(file);
  if (!font) {
    const opened = fontkit.create(readFileSync(file));
    if (!("layout" in opened)) throw new Error(`${file} is a font collection`);
    skipNullAnchors(opened);
    font = opened;
    fonts.set(file, font);
  }
  return font;
}
