/**
 * Our own character portraits for the home carousel: one parametric figure drawn in SVG, dressed
 * differently for each hero of the kingdom. No film stills, no third-party art.
 */

type Headwear = "crown" | "helmet" | "tiara" | "headband" | "bald";
type Prop = "sword" | "shield" | "laptop" | "spear" | "scroll";

export interface CharacterLook {
  backdrop: string;
  banner: string;
  skin: string;
  hair: string;
  robe: string;
  trim: string;
  headwear: Headwear;
  prop: Prop;
  beard?: boolean;
  longHair?: boolean;
}

const GOLD = "#d4a017";
const GOLD_BRIGHT = "#f0c445";
const STEEL = "#c7cedb";
const STEEL_DARK = "#6b7489";
const INK = "#1b1300";

function Headpiece({ kind, hair }: { kind: Headwear; hair: string }) {
  switch (kind) {
    case "crown":
      return (
        <g>
          <path d="M88 78 L92 50 L106 66 L120 42 L134 66 L148 50 L152 78 Z" fill={GOLD} stroke={INK} strokeWidth="2" />
          <circle cx="120" cy="60" r="5" fill="#c0394f" />
          <circle cx="100" cy="70" r="3" fill="#3f7fd4" />
          <circle cx="140" cy="70" r="3" fill="#3f7fd4" />
        </g>
      );
    case "helmet":
      return (
        <g>
          <path
            d="M84 96 Q84 46 120 44 Q156 46 156 96 L148 96 Q146 66 120 64 Q94 66 92 96 Z"
            fill={STEEL}
            stroke={INK}
            strokeWidth="2"
          />
          <rect x="116" y="64" width="8" height="38" rx="3" fill={STEEL} stroke={INK} strokeWidth="2" />
          <path d="M120 44 Q130 26 150 30 Q136 36 128 48 Z" fill="#c0394f" stroke={INK} strokeWidth="1.5" />
        </g>
      );
    case "tiara":
      return (
        <g>
          <path
            d="M92 72 Q120 60 148 72 L146 64 L136 62 L128 54 L120 42 L112 54 L104 62 L94 64 Z"
            fill={GOLD_BRIGHT}
            stroke={INK}
            strokeWidth="1.5"
          />
          <circle cx="120" cy="56" r="4" fill="#3fb4a3" stroke={INK} strokeWidth="1" />
          <circle cx="104" cy="66" r="2.5" fill="#c0394f" />
          <circle cx="136" cy="66" r="2.5" fill="#c0394f" />
        </g>
      );
    case "headband":
      return (
        <g>
          <path d="M88 74 Q120 62 152 74 L152 82 Q120 70 88 82 Z" fill="#c0394f" stroke={INK} strokeWidth="1.5" />
          <path d="M152 78 L168 90 L160 96 Z" fill="#c0394f" stroke={INK} strokeWidth="1.5" />
        </g>
      );
    default:
      return <path d="M92 82 Q96 62 120 60 Q144 62 148 82 Q138 70 120 70 Q102 70 92 82 Z" fill={hair} opacity="0.35" />;
  }
}

function PropArt({ kind }: { kind: Prop }) {
  switch (kind) {
    case "sword":
      return (
        <g>
          <path d="M186 70 L194 70 L194 196 L190 206 L186 196 Z" fill={STEEL} stroke={INK} strokeWidth="2" />
          <rect x="176" y="196" width="28" height="8" rx="3" fill={GOLD} stroke={INK} strokeWidth="2" />
          <rect x="186" y="204" width="8" height="22" rx="2" fill="#7a4b23" stroke={INK} strokeWidth="2" />
          <circle cx="190" cy="230" r="6" fill={GOLD} stroke={INK} strokeWidth="2" />
        </g>
      );
    case "shield":
      return (
        <g>
          <path
            d="M160 150 L214 150 L214 196 Q214 226 187 240 Q160 226 160 196 Z"
            fill="#9b1c31"
            stroke={INK}
            strokeWidth="2.5"
          />
          <path
            d="M166 156 L208 156 L208 196 Q208 220 187 232 Q166 220 166 196 Z"
            fill="none"
            stroke={GOLD}
            strokeWidth="3"
          />
          <text
            x="187"
            y="204"
            textAnchor="middle"
            fontFamily="monospace"
            fontWeight="700"
            fontSize="26"
            fill={GOLD_BRIGHT}
          >
            {"{ }"}
          </text>
        </g>
      );
    case "laptop":
      return (
        <g>
          <rect x="150" y="176" width="72" height="46" rx="4" fill="#27305c" stroke={INK} strokeWidth="2" />
          <rect x="156" y="182" width="60" height="34" rx="2" fill="#0b1026" />
          <rect x="160" y="187" width="26" height="4" rx="2" fill="#7bd69d" />
          <rect x="166" y="195" width="34" height="4" rx="2" fill={GOLD_BRIGHT} />
          <rect x="166" y="203" width="22" height="4" rx="2" fill="#8fb8ff" />
          <path d="M142 222 L230 222 L224 232 L148 232 Z" fill={STEEL_DARK} stroke={INK} strokeWidth="2" />
        </g>
      );
    case "spear":
      return (
        <g>
          <rect x="188" y="80" width="6" height="170" rx="3" fill="#7a4b23" stroke={INK} strokeWidth="1.5" />
          <path d="M191 44 L202 82 L180 82 Z" fill={STEEL} stroke={INK} strokeWidth="2" />
          <path d="M184 86 L198 86 L194 100 L188 100 Z" fill="#c0394f" />
        </g>
      );
    default:
      return (
        <g>
          <rect x="160" y="170" width="56" height="64" rx="4" fill="#f6ecd2" stroke={INK} strokeWidth="2" />
          <rect x="154" y="164" width="68" height="10" rx="5" fill="#eadbb4" stroke={INK} strokeWidth="2" />
          <rect x="154" y="230" width="68" height="10" rx="5" fill="#eadbb4" stroke={INK} strokeWidth="2" />
          <path d="M168 186 H208 M168 198 H202 M168 210 H206" stroke="#54443a" strokeWidth="3" strokeLinecap="round" />
        </g>
      );
  }
}

interface CharacterArtProps {
  look: CharacterLook;
  /** Meaningful alternative text: the figure is one image. */
  alt: string;
  className?: string;
}

export function CharacterArt({ look, alt, className }: CharacterArtProps) {
  return (
    <svg
      viewBox="0 0 240 300"
      width="240"
      height="300"
      role="img"
      aria-label={alt}
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      {/* Arched alcove and hanging banner behind the figure */}
      <path d="M10 300 V110 Q10 10 120 10 Q230 10 230 110 V300 Z" fill={look.backdrop} />
      <path d="M10 300 V110 Q10 10 120 10 Q230 10 230 110 V300" fill="none" stroke={GOLD} strokeWidth="4" />
      <path d="M40 36 H80 V112 L60 100 L40 112 Z" fill={look.banner} opacity="0.9" />
      <path d="M160 36 H200 V112 L180 100 L160 112 Z" fill={look.banner} opacity="0.9" />
      <circle cx="60" cy="60" r="7" fill={GOLD} />
      <circle cx="180" cy="60" r="7" fill={GOLD} />

      {/* Cape and long hair behind the body */}
      <path d="M70 150 Q120 126 170 150 L190 300 L50 300 Z" fill={look.banner} stroke={INK} strokeWidth="2" />
      {look.longHair ? (
        <path d="M88 86 Q84 150 96 176 L144 176 Q156 150 152 86 Z" fill={look.hair} stroke={INK} strokeWidth="1.5" />
      ) : null}

      {/* Body: robe with trim and belt */}
      <path d="M78 156 Q120 136 162 156 L176 300 L64 300 Z" fill={look.robe} stroke={INK} strokeWidth="2" />
      <path d="M120 146 L120 300" stroke={look.trim} strokeWidth="6" />
      <rect x="72" y="212" width="96" height="12" fill={look.trim} stroke={INK} strokeWidth="1.5" />
      <rect x="112" y="209" width="16" height="18" rx="2" fill={GOLD_BRIGHT} stroke={INK} strokeWidth="1.5" />
      <path d="M78 156 Q60 170 62 200" stroke={look.trim} strokeWidth="10" fill="none" strokeLinecap="round" />

      {/* Neck and head */}
      <rect x="110" y="118" width="20" height="26" fill={look.skin} stroke={INK} strokeWidth="1.5" />
      <ellipse cx="120" cy="96" rx="30" ry="34" fill={look.skin} stroke={INK} strokeWidth="2" />
      {look.headwear !== "bald" && look.headwear !== "helmet" ? (
        <path d="M90 92 Q88 62 120 60 Q152 62 150 92 Q142 74 120 74 Q98 74 90 92 Z" fill={look.hair} />
      ) : null}
      <circle cx="109" cy="96" r="3.5" fill={INK} />
      <circle cx="131" cy="96" r="3.5" fill={INK} />
      <path d="M103 88 L114 86 M126 86 L137 88" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      {look.beard ? (
        <path
          d="M92 100 Q94 146 120 150 Q146 146 148 100 Q140 120 120 118 Q100 120 92 100 Z"
          fill={look.hair}
          stroke={INK}
          strokeWidth="1.5"
        />
      ) : (
        <path d="M110 112 Q120 120 130 112" stroke={INK} strokeWidth="2.5" fill="none" strokeLinecap="round" />
      )}
      <Headpiece kind={look.headwear} hair={look.hair} />
      <PropArt kind={look.prop} />
    </svg>
  );
}
