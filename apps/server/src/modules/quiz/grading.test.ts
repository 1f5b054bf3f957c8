import { describe, expect, it } from "vitest";
import { grade, type KeyedQuestion } from "./grading.js";

const lesson = { courseId: "c", materialId: "c--ops", title: "Operators" };
const q = (extra: Partial<KeyedQuestion>): KeyedQuestion => ({
  options: ["plus", "minus", "modulo", "divide"],
  correct: 2,
  explain: "The rest of a division.",
  see: "Arithmetic",
  lesson,
  ...extra,
});

describe("grading", () => {
  it("withholds any text of a failed attempt that names a wrongly answered question's keyed option", () => {
    const leaky = q({ see: "The Modulo Sign", explain: "Unlike divide, it keeps the rest.", correct: 0 });
    const other = q({ options: ["a", "b", "divide", "d"], correct: 2, explain: "Splits evenly." });
    const result = grade(
      [1, 0, 0],
      [leaky, other, q({ see: "Modulo", lesson: { ...lesson, title: "All about modulo" } })],
    );
    expect(result).toEqual({
      score: 0,
      passed: false,
      results: [
        // Its explain names question 2's key and its heading question 3's: both withheld, the lesson linked instead.
        { correct: false, read: { title: "Operators", href: "/course/c/lesson/c--ops" } },
        {
          correct: false,
          explain: "Splits evenly.",
          read: { title: "Arithmetic", href: "/course/c/lesson/c--ops#section-arithmetic" },
        },
        {
          correct: false,
          explain: "The rest of a division.",
          read: { title: "the lesson again", href: "/course/c/lesson/c--ops" },
        },
      ],
    });
  });

  it("a pass gives everything: the key, the explanations and the sections", () => {
    const result = grade([2, 2], [q({}), q({ see: undefined })]);
    expect(result).toEqual({
      score: 100,
      passed: true,
      results: [
        {
          correct: true,
          correctIndex: 2,
          explain: "The rest of a division.",
          read: { title: "Arithmetic", href: "/course/c/lesson/c--ops#section-arithmetic" },
        },
        {
          correct: true,
          correctIndex: 2,
          explain: "The rest of a division.",
          read: { title: "Operators", href: "/course/c/lesson/c--ops" },
        },
      ],
    });
  });
});
