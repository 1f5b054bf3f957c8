import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeroCarousel } from "./hero-carousel";
import { CAROUSEL_INTERVAL_MS, SLIDES, stepIndex } from "./slides";

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

const current = () => screen.getByRole("group", { name: /of 5$/ }).getAttribute("aria-label");

describe("stepIndex", () => {
  it("moves by one and wraps at both ends", () => {
    expect(stepIndex(0, 1)).toBe(1);
    expect(stepIndex(4, 1)).toBe(0);
    expect(stepIndex(0, -1)).toBe(4);
    expect(stepIndex(3, -1)).toBe(2);
  });
});

describe("HeroCarousel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("has five slides, each with an image, alt text, quote and author", () => {
    expect(SLIDES).toHaveLength(5);
    for (const s of SLIDES) {
      expect(s.alt.length).toBeGreaterThan(20);
      expect(s.quote.length).toBeGreaterThan(10);
      expect(s.author.length).toBeGreaterThan(3);
    }
    render(<HeroCarousel />);
    expect(screen.getByRole("img", { name: SLIDES[0]?.alt })).toBeTruthy();
  });

  it("auto-advances every 4000 ms", () => {
    render(<HeroCarousel />);
    expect(current()).toBe("1 of 5");
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(current()).toBe("1 of 5");
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe("2 of 5");
  });

  it("wraps both ways with the buttons", () => {
    render(<HeroCarousel />);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe("5 of 5");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe("1 of 5");
  });

  it("pauses while hovered and resumes after", () => {
    render(<HeroCarousel />);
    const region = screen.getByRole("region", { name: "Heroes of the kingdom" });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(current()).toBe("1 of 5");
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(current()).toBe("2 of 5");
  });

  it("stays paused when the pointer was already over it as the page hydrated (no mouseenter to hear)", () => {
    const matches = vi.spyOn(Element.prototype, "matches").mockImplementation(function (this: Element, selector) {
      return selector === ":hover" && this.getAttribute("aria-label") === "Heroes of the kingdom";
    });
    try {
      render(<HeroCarousel />);
    } finally {
      matches.mockRestore();
    }
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(current()).toBe("1 of 5");
    fireEvent.mouseLeave(screen.getByRole("region", { name: "Heroes of the kingdom" }));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(current()).toBe("2 of 5");
  });

  it("does not auto-advance when the visitor prefers reduced motion", () => {
    mockReducedMotion(true);
    render(<HeroCarousel />);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(current()).toBe("1 of 5");
    expect(screen.queryByRole("button", { name: "Stop slide rotation" })).toBeNull();
  });
});
