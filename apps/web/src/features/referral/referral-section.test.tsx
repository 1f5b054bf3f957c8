import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COPIED_MS } from "./components/copy-link";
import { ReferralSection } from "./referral-section";

const stats = {
  referralCode: "KNGHT234",
  totalCredits: 160,
  totalReferrals: 2,
  pendingCredits: 240,
  pendingReferrals: 3,
  referredUsers: [
    { _id: "f1", name: "Lancelot", createdAt: "2026-01-02T10:00:00.000Z" },
    { _id: "f2", name: "Galahad", createdAt: "2026-01-01T10:00:00.000Z" },
  ],
};

function answer(...responses: [number, unknown][]) {
  const fetch = vi.fn(async () => {
    const [status, body] =
      responses.length > 1 ? (responses.shift() as [number, unknown]) : (responses[0] as [number, unknown]);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <ReferralSection email="ada@example.com" />
    </QueryClientProvider>,
  );
}

describe("dashboard referral section", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("loads the caller's stats and shows the promised texts, the link and the friends", async () => {
    const fetch = answer([200, stats]);
    renderSection();
    expect(screen.getByText("Loading referral data...")).toBeTruthy();
    expect(await screen.findByText("KNGHT234")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/referral/stats/ada%40example.com", expect.anything());
    expect(screen.getByRole("heading", { name: "Referral Program" })).toBeTruthy();
    expect(screen.getByText("Earn 80 credits for each successful referral!")).toBeTruthy();
    expect(screen.getByText("Total Credits").previousSibling?.textContent).toBe("160");
    expect(screen.getByText("Successful Referrals").previousSibling?.textContent).toBe("2");
    // Earned and pending apart: the cards count earned credits only.
    expect(
      screen.getByText(
        "3 friends are still on their first quest: 240 more credits are yours when each passes a first Knowledge Check.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How it works" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").filter((li) => li.closest("ol"))).toHaveLength(3);
    expect(screen.getByRole("heading", { name: "Your Referrals" })).toBeTruthy();
    expect(screen.getByText("Lancelot")).toBeTruthy();

    const whatsapp = screen.getByRole("link", { name: "Share on WhatsApp" });
    expect(whatsapp.getAttribute("target")).toBe("_blank");
    expect(whatsapp.getAttribute("rel")).toBe("noopener noreferrer");
    const href = whatsapp.getAttribute("href") ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(text).toContain("KNGHT234");
    expect(text).toContain(`${window.location.origin}/register?ref=KNGHT234`);
  });

  it("hides Your Referrals while there are none", async () => {
    answer([
      200,
      { ...stats, totalCredits: 0, totalReferrals: 0, pendingCredits: 0, pendingReferrals: 0, referredUsers: [] },
    ]);
    renderSection();
    await screen.findByText("KNGHT234");
    expect(screen.queryByText("Your Referrals")).toBeNull();
    expect(screen.queryByText(/first quest/)).toBeNull();
  });

  it("shows one friend still pending in the singular, and parses a server without the pending fields", async () => {
    const { pendingCredits: _c, pendingReferrals: _r, ...older } = stats;
    answer([200, { ...older, pendingCredits: 80, pendingReferrals: 1 }]);
    renderSection();
    expect(
      await screen.findByText(
        "1 friend is still on their first quest: 80 more credits are yours when they pass their first Knowledge Check.",
      ),
    ).toBeTruthy();
    cleanup();
    answer([200, older]);
    renderSection();
    await screen.findByText("KNGHT234");
    expect(screen.queryByText(/first quest/)).toBeNull();
  });

  it("copies the register link, reads Copied! for 2000 ms, then Copy Link again", async () => {
    answer([200, stats]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderSection();
    await screen.findByText("KNGHT234");
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=KNGHT234`);
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();
  });

  it("shows a selectable read-only field with the link when the clipboard is refused", async () => {
    answer([200, stats]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new DOMException("denied", "NotAllowedError"))) },
    });
    renderSection();
    await screen.findByText("KNGHT234");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    });
    const field = screen.getByLabelText("Copy your referral link") as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(`${window.location.origin}/register?ref=KNGHT234`);
    expect(screen.queryByText("Copied!")).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it("logs a failing stats call and offers a quiet Retry that recovers", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    answer([503, { message: "down" }], [503, { message: "down" }], [200, stats]);
    renderSection();
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(warn).toHaveBeenCalledWith("Referral stats could not be loaded.", expect.anything());
    expect(screen.getByRole("heading", { name: "Referral Program" })).toBeTruthy();
    fireEvent.click(retry);
    expect(await screen.findByText("KNGHT234")).toBeTruthy();
  });
});
