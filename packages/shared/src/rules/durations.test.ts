import { describe, expect, it } from "vitest";
import { DEFAULT_LESSON_MINUTES, formatDuration, LESSON_DURATIONS, lessonMinutes, totalMinutes } from "./durations.js";

describe("lesson durations", () => {
  it("has 50 values between 15 and 60, starting 15, 20, 25, 18, 22", () => {
    expect(LESSON_DURATIONS).toHaveLength(50);
    expect(LESSON_DURATIONS.slice(0, 5)).toEqual([15, 20, 25, 18, 22]);
    for (const m of LESSON_DURATIONS) {
      expect(m).toBeGreaterThanOrEqual(15);
      expect(m).toBeLessThanOrEqual(60);
    }
    expect(Math.min(...LESSON_DURATIONS)).toBe(15);
    expect(Math.max(...LESSON_DURATIONS)).toBe(60);
  });

  it("uses 25 minutes beyond position 50", () => {
    expect(DEFAULT_LESSON_MINUTES).toBe(25);
    expect(lessonMinutes(50)).toBe(25);
    expect(lessonMinutes(120)).toBe(25);
  });

  it("sums the table for the lesson count and formats hours and minutes", () => {
    expect(totalMinutes(3)).toBe(60);
    expect(totalMinutes(52)).toBe(LESSON_DURATIONS.reduce((a, b) => a + b, 0) + 50);
    expect(formatDuration(60)).toBe("1h 0m");
    expect(formatDuration(95)).toBe("1h 35m");
    expect(formatDuration(40)).toBe("40m");
  });
});
