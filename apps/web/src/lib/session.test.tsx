import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "./session";
import { storageKeys } from "./storage-keys";

const user = {
  _id: "u1",
  name: "Ada",
  email: "ada@example.com",
  phone: null,
  isPremium: false,
  referralCode: "ABCDEFGH",
};

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
    render(
      <SessionProvider>
        <LogoutButton />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Logout Ada" }));
    expect(await screen.findByRole("button", { name: "Signed out" })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    await vi.waitFor(() => {
      const call = fetch.mock.calls.find(([url]) => url === "/api/auth/logout") as unknown as [string, RequestInit];
      expect(call?.[1]).toMatchObject({ method: "POST", headers: { authorization: "Bearer the-token" } });
    });
  }, 20_000);
});
