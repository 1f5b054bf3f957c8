import kattappaArt from "../../assets/characters/kattappa.svg?no-inline";
import kingArt from "../../assets/characters/king.svg?no-inline";
import knightArt from "../../assets/characters/knight.svg?no-inline";
import princessArt from "../../assets/characters/princess.svg?no-inline";
import recruitArt from "../../assets/characters/recruit.svg?no-inline";

/** The portraits are our own art (drawn for the kingdom, no film stills), kept as SVG files. */
export interface Slide {
  id: string;
  /** Our own portrait of the character (an SVG file, fetched only when its slide shows). */
  image: string;
  alt: string;
  quote: string;
  author: string;
}

/** Five character slides, auto-advancing every 4000 ms. */
export const CAROUSEL_INTERVAL_MS = 4000;

export const SLIDES: readonly Slide[] = [
  {
    id: "king",
    image: kingArt,
    alt: "The King of Code in a crimson robe and golden crown, holding a raised sword",
    quote: "A king is not born knowing every keyword. He earns his crown one compiled line at a time.",
    author: "The King of Code",
  },
  {
    id: "kattappa",
    image: kattappaArt,
    alt: "Kattappa, the loyal old mentor, bald with a white beard, in steel armour behind a crimson shield marked with curly braces",
    quote: "Read the error message twice, young one. The bug has already told you where it hides.",
    author: "Kattappa, Mentor of the Realm",
  },
  {
    id: "recruit",
    image: recruitArt,
    alt: "A young recruit in a brown tunic and red headband, reading a parchment scroll of code",
    quote: "Yesterday I feared the semicolon. Today I command it, and tomorrow I teach it.",
    author: "Arjun, Recruit of the First Legion",
  },
  {
    id: "princess",
    image: princessArt,
    alt: "The princess-engineer with long dark hair and a golden tiara, typing glowing code on a laptop",
    quote: "My bridges are tested before the army crosses them. Write the test first, then build the kingdom.",
    author: "Princess Meera, Royal Engineer",
  },
  {
    id: "knight",
    image: knightArt,
    alt: "A knight in a plumed steel helmet and grey armour, standing guard with a tall spear",
    quote: "I guard the gates of production. No untested change shall pass while I stand watch.",
    author: "Sir Vikram, Knight of the Build",
  },
];

/** Moves by one and wraps at both ends. */
export function stepIndex(index: number, delta: number, count = SLIDES.length): number {
  return (((index + delta) % count) + count) % count;
}
