import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./footer";

const footer = (
  <MemoryRouter>
    <Footer />
  </MemoryRouter>
);

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the footer's year", () => {
  it("is the visitor's, filled in after a page prerendered in another year hydrates without a mismatch", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T12:00:00Z") });
    const html = renderToString(footer);
    expect(html).not.toContain("2026");
    vi.setSystemTime(new Date("2027-01-02T12:00:00Z"));
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, footer, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toContain("© 2027 Kingdom of Code.");
  });
});
