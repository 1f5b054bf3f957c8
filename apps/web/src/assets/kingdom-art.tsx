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
