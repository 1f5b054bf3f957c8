import type { CharacterLook } from "../../assets/character-art";

export interface Slide {
  id: string;
  look: CharacterLook;
  alt: string;
  quote: string;
  author: string;
}

/** Spec section 9: five character slides, auto-advancing every 4000 ms. */
export const CAROUSEL_INTERVAL_MS = 4000;

export const SLIDES: readonly Slide[] = [
  {
    id: "king",
    look: {
      backdrop: "#1b2347",
      banner: "#9b1c31",
      skin: "#c98a5b",
      hair: "#2b1a10",
      robe: "#6b1322",
      trim: "#d4a017",
      headwear: "crown",
      prop: "sword",
    },
    alt: "The King of Code in a crimson robe and golden crown, holding a raised sword",
    quote: "A king is not born knowing every keyword. He earns his crown one compiled line at a time.",
    author: "The King of Code",
  },
  {
    id: "kattappa",
    look: {
      backdrop: "#27305c",
      banner: "#5b6478",
      skin: "#a8714a",
      hair: "#d9d9d9",
      robe: "#3b4357",
      trim: "#c7cedb",
      headwear: "bald",
      prop: "shield",
      beard: true,
    },
    alt: "Kattappa, the loyal old mentor, bald with a white beard, in steel armour behind a crimson shield marked with curly braces",
    quote: "Read the error message twice, young one. The bug has already told you where it hides.",
    author: "Kattappa, Mentor of the Realm",
  },
  {
    id: "recruit",
    look: {
      backdrop: "#1b2347",
      banner: "#2f7d4f",
      skin: "#e0ac82",
      hair: "#5a3418",
      robe: "#7a4b23",
      trim: "#eadbb4",
      headwear: "headband",
      prop: "scroll",
    },
    alt: "A young recruit in a brown tunic and red headband, reading a parchment scroll of code",
    quote: "Yesterday I feared the semicolon. Today I command it, and tomorrow I teach it.",
    author: "Arjun, Recruit of the First Legion",
  },
  {
    id: "princess",
    look: {
      backdrop: "#27305c",
      banner: "#3fb4a3",
      skin: "#b97b52",
      hair: "#1a0f0a",
      robe: "#1f5f8b",
      trim: "#f0c445",
      headwear: "tiara",
      prop: "laptop",
      longHair: true,
    },
    alt: "The princess-engineer with long dark hair and a golden tiara, typing glowing code on a laptop",
    quote: "My bridges are tested before the army crosses them. Write the test first, then build the kingdom.",
    author: "Princess Meera, Royal Engineer",
  },
  {
    id: "knight",
    look: {
      backdrop: "#1b2347",
      banner: "#9b1c31",
      skin: "#d69a6e",
      hair: "#3a2414",
      robe: "#5b6478",
      trim: "#d4a017",
      headwear: "helmet",
      prop: "spear",
    },
    alt: "A knight in a plumed steel helmet and grey armour, standing guard with a tall spear",
    quote: "I guard the gates of production. No untested change shall pass while I stand watch.",
    author: "Sir Vikram, Knight of the Build",
  },
];

/** Moves by one and wraps at both ends (spec section 4). */
export function stepIndex(index: number, delta: number, count = SLIDES.length): number {
  return (((index + delta) % count) + count) % count;
}
