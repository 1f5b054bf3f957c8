/** The kingdom's own emblems: the crest of the header and the fortress of the home hero. */

interface ArtProps {
  className?: string;
}

/** Decorative crest (the brand name beside it carries the meaning). */
export function Crest({ className, size = 40 }: ArtProps & { size?: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d="M8 54 L54 10 M10 10 L56 54" stroke="#c7cedb" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M6 50 L14 58 M50 6 L58 14 M6 14 L14 6 M50 58 L58 50"
        stroke="#d4a017"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M14 18 H50 V36 Q50 52 32 60 Q14 52 14 36 Z" fill="#9b1c31" stroke="#f0c445" strokeWidth="3" />
      <path d="M21 30 L24 20 L28 26 L32 17 L36 26 L40 20 L43 30 Z" fill="#f0c445" />
      <path
        d="M25 38 L21 42 L25 46 M39 38 L43 42 L39 46 M34 36 L30 48"
        stroke="#f6ecd2"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The fortress at dawn behind the home hero. */
export function FortressArt({ className }: ArtProps) {
  return (
    <svg
      viewBox="0 0 480 320"
      width="480"
      height="320"
      role="img"
      aria-label="A golden-walled fortress on a hill under a night sky, its banners flying from three towers"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="430" cy="50" r="30" fill="#f6ecd2" opacity="0.9" />
      <circle cx="420" cy="42" r="6" fill="#eadbb4" />
      <g fill="#f0c445">
        <circle cx="60" cy="40" r="2" />
        <circle cx="130" cy="80" r="1.5" />
        <circle cx="210" cy="30" r="2" />
        <circle cx="290" cy="110" r="1.5" />
        <circle cx="440" cy="150" r="2" />
        <circle cx="30" cy="130" r="1.5" />
      </g>
      <path d="M0 320 Q30 262 120 248 Q240 226 360 248 Q450 262 480 320 Z" fill="#27305c" />
      <path d="M40 320 Q150 276 240 272 Q330 276 440 320 Z" fill="#1b2347" />
      {/* Walls and towers */}
      <g fill="#1b2347" stroke="#d4a017" strokeWidth="3" strokeLinejoin="round">
        <path d="M110 250 V170 H126 V160 H140 V170 H156 V160 H170 V170 H186 V160 H200 V170 H214 V250 Z" />
        <path d="M266 250 V170 H280 V160 H294 V170 H310 V160 H324 V170 H340 V160 H354 V170 H370 V250 Z" />
        <path d="M80 260 V140 H90 V128 H104 V140 H116 V128 H130 V140 H140 V260 Z" />
        <path d="M340 260 V140 H350 V128 H364 V140 H376 V128 H390 V140 H400 V260 Z" />
        <path d="M196 250 V110 H206 V96 H222 V110 H258 V96 H274 V110 H284 V250 Z" />
      </g>
      {/* Gate, windows and torchlight */}
      <path d="M220 250 V205 Q240 182 260 205 V250 Z" fill="#0b1026" stroke="#d4a017" strokeWidth="3" />
      <g fill="#f0c445">
        <rect x="104" y="170" width="12" height="20" rx="6" />
        <rect x="364" y="170" width="12" height="20" rx="6" />
        <rect x="234" y="130" width="12" height="22" rx="6" />
        <rect x="150" y="196" width="10" height="16" rx="5" />
        <rect x="320" y="196" width="10" height="16" rx="5" />
      </g>
      {/* Banners */}
      <g stroke="#c7cedb" strokeWidth="3">
        <path d="M110 128 V84" />
        <path d="M240 96 V40" />
        <path d="M370 128 V84" />
      </g>
      <g fill="#9b1c31">
        <path d="M110 86 H140 L132 96 L140 106 H110 Z" />
        <path d="M240 42 H278 L268 55 L278 68 H240 Z" />
        <path d="M370 86 H400 L392 96 L400 106 H370 Z" />
      </g>
      <path d="M252 48 L256 56 L262 50 L262 60 H250 Z" fill="#f0c445" />
    </svg>
  );
}
