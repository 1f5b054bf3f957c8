import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepInBrowser } from "./query-persister";
import { useSession } from "./session";
import { storageKeys } from "./storage-keys";

const user = {
  _id: "u1",
  name: "Ada",
  email: "ada@example.com",
  phone: null,
  isPremium: false,
  referralCode: "ABCDEFGH",
};

/** The app's query cache, filled from (and written back to) browser storage as in the app. */
function renderWithSession(children: ReactNode) {
  const client = new QueryClient();
  keepInBrowser(client);
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
  return client;
}

function LogoutButton() {
  const { user: shown, logout } = useSession();
  return (
    <button type="button" onClick={logout}>
      {shown ? `Logout ${shown.name}` : "Signed out"}
    </button>
  );
}

describe("logout", () => {
  afterEach(() => {
    // Unmounted here, before the storage is cleared and the globals restored: test-setup.ts unmounts
    // only after this hook, and these tests failed in some orders without it.
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("forgets the session here and asks the server to revoke the token it used", async () => {
    localStorage.setItem(storageKeys.token, "the-token");
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    const fetch = vi.fn(async (url: string) =>
      url === "/api/auth/logout"
        ? new Response(JSON.stringify({ message: "Farewell" }), { status: 200 })
        : new Response(JSON.stringify(user), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithSession(<LogoutButton />);
    fireEvent.click(await screen.findByRole("button", { name: "Logout Ada" }));
    expect(await screen.findByRole("button", { name: "Signed out" })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    await vi.waitFor(() => {
      const call = fetch.mock.calls.find(([url]) => url === "/api/auth/logout") as unknown as [string, RequestInit];
      expect(call?.[1]).toMatchObject({ method: "POST", headers: { authorization: "Bearer the-token" } });
    });
  }, 20_000);
});

describe("the session query", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows the stored user at once, then the server's answer, kept in the browser", async () => {
    localStorage.setItem(storageKeys.token, "the-token");
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ ...user, name: "Ada L." }), { status: 200 })),
    );
    renderWithSession(<LogoutButton />);
    // From the browser copy, before any answer.
    expect(screen.getByRole("button", { name: "Logout Ada" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Logout Ada L." })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? "null").name).toBe("Ada L.");
  }, 20_000);

  it("forgets a token the server refuses (401), with the user and their course records", async () => {
    localStorage.setItem(storageKeys.token, "revoked");
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    localStorage.setItem("progress_java", JSON.stringify({ completed: ["a"], streak: 1, xp: 50 }));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Invalid token" }), { status: 401 })),
    );
    renderWithSession(<LogoutButton />);
    expect(await screen.findByRole("button", { name: "Signed out" })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(localStorage.getItem("progress_java")).toBeNull();
  }, 20_000);

  it("keeps the stored user when the server cannot be reached, and a user without a token is no session", async () => {
    localStorage.setItem(storageKeys.token, "the-token");
    localStorage.setItem(storageKeys.user, JSON.stringify(user));
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    renderWithSession(<LogoutButton />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: "Logout Ada" })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.user)).not.toBeNull();

    localStorage.removeItem(storageKeys.token);
    renderWithSession(<LogoutButton />);
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toContain("Signed out");
  }, 20_000);
});
