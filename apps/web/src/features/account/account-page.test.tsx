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

  describe("Delete my account", () => {
    const openDialog = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
      return screen.getByRole("dialog", { name: "Delete your account?" });
    };
    const deleteCalls = (api: ReturnType<typeof accountApi>) =>
      api.mock.calls.filter(([url]) => String(url).includes("/api/account/delete"));

    it("says what goes and what stays, and sends nothing until the box is ticked and the password given", async () => {
      const api = accountApi({});
      open();
      const dialog = await openDialog();
      expect(dialog.textContent).toContain("your certificates: their verify links stop working");
      expect(dialog.textContent).toContain("Kept: the invoices");
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
      expect(await within(dialog).findByText("Current password is required.")).toBeTruthy();
      expect(within(dialog).getByText("Tick the box to confirm.")).toBeTruthy();
      expect(deleteCalls(api)).toEqual([]);
      // Keeping the account closes the dialog, still signed in.
      fireEvent.click(within(dialog).getByRole("button", { name: "Keep my account" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(localStorage.getItem("token")).toBe("tok");
    });

    it("a wrong password is refused under its field, cleared, and the learner stays signed in", async () => {
      const api = accountApi({
        "POST /api/account/delete": [400, { message: "body.currentPassword: is not your current password" }],
      });
      open();
      const dialog = await openDialog();
      const password = within(dialog).getByLabelText("Current password") as HTMLInputElement;
      fireEvent.input(password, { target: { value: "Wrong-password " } });
      fireEvent.click(within(dialog).getByRole("checkbox", { name: /I understand/ }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
      expect(await within(dialog).findByText("Current password is not your current password.")).toBeTruthy();
      expect(password.value).toBe("");
      expect(JSON.parse(String(deleteCalls(api)[0]?.[1]?.body))).toEqual({
        currentPassword: "Wrong-password ",
        confirm: true,
      });
      expect(localStorage.getItem("token")).toBe("tok");
    });

    it("deletes with the password and the ticked box, signs out and goes home", async () => {
      accountApi({ "POST /api/account/delete": [200, { message: "Your account has been deleted." }] });
      renderRoutes(
        [
          { path: "/account", element: <AccountPage /> },
          { path: "/", element: <h1>Home page</h1> },
        ],
        "/account",
      );
      localStorage.setItem("draft_trial:java-1", JSON.stringify({ code: "class Mine {}", updatedAt: 1 }));
      localStorage.setItem("enrolledCourses_ada@example.com", "[]");
      const dialog = await openDialog();
      fireEvent.input(within(dialog).getByLabelText("Current password"), { target: { value: "my-password" } });
      fireEvent.click(within(dialog).getByRole("checkbox", { name: /I understand/ }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete my account for good" }));
      expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
      expect(localStorage.getItem("token")).toBeNull();
      expect(localStorage.getItem("draft_trial:java-1")).toBeNull();
      expect(localStorage.getItem("enrolledCourses_ada@example.com")).toBeNull();
    });
  });

  it("says so when the data file cannot be gathered, and the button tries again", async () => {
    accountApi({ "GET /api/account/export": [500, { message: "Internal Server Error" }] });
    open();
    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    expect(
      await screen.findByText("Your data could not be gathered (Internal Server Error). Please try again."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download my data" })).toBeTruthy();
  });
});
