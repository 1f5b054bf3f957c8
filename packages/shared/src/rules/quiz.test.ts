import { describe, expect, it } from "vitest";
import { isPassing, quizScore, resultIcon, resultMessage, scoreAnswers } from "./quiz.js";

describe("quiz rules", () => {
  it("score = round(correct / total * 100)", () => {
    expect(quizScore(4, 5)).toBe(80);
    expect(quizScore(1, 3)).toBe(33);
    expect(quizScore(2, 3)).toBe(67);
    expect(quizScore(0, 0)).toBe(0);
  });

  it("scores answers against the correct indexes", () => {
    expect(scoreAnswers([1, 0, 2, 3, 1], [1, 0, 2, 3, 0])).toBe(80);
    expect(scoreAnswers([undefined, 0], [1, 0])).toBe(50);
  });

  it("the pass mark is 80%", () => {
    expect(isPassing(79)).toBe(false);
    expect(isPassing(80)).toBe(true);
  });

  it("result messages follow the score bands", () => {
    expect(resultMessage(100)).toBe("Excellent");
    expect(resultMessage(80)).toBe("Excellent");
    expect(resultMessage(67)).toBe("Good work");
    expect(resultMessage(60)).toBe("Good work");
    expect(resultMessage(40)).toBe("Not bad");
    expect(resultMessage(33)).toBe("Keep learning");
  });

  it("a crown for a perfect score, a sword at 70% or more", () => {
    expect(resultIcon(100)).toBe("crown");
    expect(resultIcon(70)).toBe("sword");
    expect(resultIcon(67)).toBe("shield");
  });
});
