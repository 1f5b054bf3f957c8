import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, fakeApi, renderRoutes, signIn, testUser } from "../../testing/render-page";
import AccountPage from "./account-page";
import { PASSWORD_CHANGED } from "./components/change-password-form";

const me = { ...testUser, memberSince: "2026-03-04T10:00:00.000Z" };

function accountApi(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  return fakeApi({
    "GET /api/auth/me": [200, me],
    "GET /api/certificates": [
      200,
      {
        certificates: [
          {
            code: "KOC-ABCD-EFGH",
            courseId: "git",
            courseTitle: "Git",
            issuedAt: "2026-04-01T00:00:00.000Z",
            name: "Ada",
            verifyUrl: "https://kingdom.example/verify/KOC-ABCD-EFGH",
          },
        ],
      },
    ],
    "GET /api/payment/history": [200, { payments: [], invoices: [] }],
    ...routes,
  });
}

const open = () =>
  renderRoutes(
    [
      { path: "/account", element: <AccountPage /> },
      { path: "/login", element: <h1>Login page</h1> },
    ],
    "/account",
  );

describe("the account page", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows name, email, member since, premium state and certificates with their verify links", {
    timeout: 20_000,
  }, async () => {
    accountApi({});
    open();
    const profile = await screen.findByRole("region", { name: "Profile" });
    expect(await within(profile).findByText("Member since")).toBeTruthy();
    expect(profile.textContent).toContain("ada@example.com");
    expect(profile.textContent).toContain(
      new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" }).format(
        new Date(me.memberSince),
      ),
    );
    expect(profile.textContent).toContain("Free");
    const cert = await screen.findByRole("link", { name: "View the Git certificate" });
    expect(cert.getAttribute("href")).toBe("/verify/KOC-ABCD-EFGH");
  });

  it("checks the fields with the shared schema before sending anything", async () => {
    const api = accountApi({});
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Current password is required.")).toBeTruthy();
    expect(screen.getByText("New password must be at least 8 characters.")).toBeTruthy();
    expect(api.mock.calls.some(([url]) => String(url).includes("change-password"))).toBe(false);
  });

  it("changes the password with the current one and keeps this session on the fresh token", async () => {
    const api = accountApi({ "POST /api/auth/change-password": [200, { token: "fresh-token", user: me }] });
    open();
    fireEvent.input(await screen.findByLabelText("Current password"), { target: { value: "old-password" } });
    fireEvent.input(screen.getByLabelText("New password"), { target: { value: "a-new-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    const call = api.mock.calls.find(([url]) => String(url).includes("change-password"));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      currentPassword: "old-password",
      newPassword: "a-new-password",
    });
    expect(localStorage.getItem("token")).toBe("fresh-token");
  });

  it("a wrong current password clears that field, focuses it and says why", async () => {
    accountApi({ "POST /api/auth/change-password": [401, { message: "The current password is not right." }] });
    open();
    const current = (await screen.findByLabelText("Current password")) as HTMLInputElement;
    fireEvent.input(current, { target: { value: "wrong-password" } });
    fireEvent.input(screen.getByLabelText("New password"), { target: { value: "a-new-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect((await screen.findByText("The current password is not right.")).getAttribute("role")).toBe("alert");
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.value).toBe("");
    expect(localStorage.getItem("token")).toBe("tok");
  });

  it("Sign out everywhere ends this session too and goes to the login page", async () => {
    accountApi({ "POST /api/auth/logout-everywhere": [200, { message: "Every session has ended." }] });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeTruthy();
    expect(localStorage.getItem("token")).toBeNull();
  });
});
