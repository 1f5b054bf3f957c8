import { describe, expect, it } from "vitest";
import { dayIn, dayStreak, isTimeZone } from "./streak.js";

describe("day streak", () => {
  const now = new Date("2026-03-10T20:00:00Z");

  it("counts consecutive calendar days ending today or yesterday", () => {
    const at = (iso: string) => new Date(iso);
    expect(dayStreak([], now, "UTC")).toBe(0);
    expect(dayStreak([at("2026-03-10T01:00:00Z"), at("2026-03-10T05:00:00Z")], now, "UTC")).toBe(1);
    expect(dayStreak([at("2026-03-08T12:00:00Z"), at("2026-03-09T12:00:00Z")], now, "UTC")).toBe(2);
    expect(dayStreak([at("2026-03-07T12:00:00Z"), at("2026-03-10T12:00:00Z")], now, "UTC")).toBe(1);
    expect(dayStreak([at("2026-03-07T12:00:00Z")], now, "UTC")).toBe(0);
  });

  it("uses the learner's time zone for the calendar day", () => {
    // 20:00 UTC on the 10th is already the 11th in Kolkata; 19:00 UTC on the 9th was the 10th there.
    expect(dayIn(now, "Asia/Kolkata")).toBe("2026-03-11");
    const activity = [new Date("2026-03-09T19:00:00Z"), new Date("2026-03-10T19:00:00Z")];
    expect(dayStreak(activity, now, "Asia/Kolkata")).toBe(2);
    expect(dayStreak(activity, now, "UTC")).toBe(2);
    // At 17:00 UTC on the 10th (22:30 in Kolkata), 20:00 UTC on the 8th was yesterday in Kolkata only.
    const evening = new Date("2026-03-10T17:00:00Z");
    expect(dayStreak([new Date("2026-03-08T20:00:00Z")], evening, "Asia/Kolkata")).toBe(1);
    expect(dayStreak([new Date("2026-03-08T20:00:00Z")], evening, "UTC")).toBe(0);
  });

  it("knows IANA zones", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
