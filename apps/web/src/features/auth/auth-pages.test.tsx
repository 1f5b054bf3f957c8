import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes, testUser } from "../../testing/render-page";
import ForgotPasswordPage from "./forgot-password-page";
import LoginPage from "./login-page";
import RegisterPage from "./register-page";
import ResetPasswordPage from "./reset-password-page";

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: "/login", Component: LoginPage },
      { path: "/register", Component: RegisterPage },
      { path: "/forgot-password", Component: ForgotPasswordPage },
      { path: "/reset-password", Component: ResetPasswordPage },
      { path: "/dashboard", element: <h1>Dashboard stand-in</h1> },
    ],
    path,
  ).location;
}

/** fetch answers one response per call, resolved when the test says so. */
function controlledFetch() {
  const pending: ((r: Response) => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
  );
  return {
    respond: async (status: number, body: unknown) => {
      // The form validates asynchronously first: wait until the request has actually gone out.
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      await act(async () => {
        pending.shift()?.(new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));
      });
    },
  };
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("account pages", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("login shows Logging in... while busy and the server's message on failure", async () => {
    const server = controlledFetch();
    renderAt("/login");
    fill("Email", "ada@example.com");
    fill("Password", "wrong-one");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("button", { name: "Logging in..." })).toHaveProperty("disabled", true);
    await server.respond(401, { message: "Invalid email or password" });
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
    expect(screen.getByRole("button", { name: "Login" })).toHaveProperty("disabled", false);
  });

  it("login falls back to Login failed when the server sends no message", async () => {
    const server = controlledFetch();
    renderAt("/login");
    fill("Email", "ada@example.com");
    fill("Password", "whatever");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await server.respond(502, "<html>bad gateway</html>");
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed");
  });

  it("login stores the session and goes to the dashboard", async () => {
    const server = controlledFetch();
    const location = renderAt("/login");
    fill("Email", "ada@example.com");
    fill("Password", "right-one");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    const user = {
      _id: "u1",
      name: "Ada",
      email: "ada@example.com",
      phone: null,
      isPremium: false,
      referralCode: "ABCDEFGH",
    };
    await server.respond(200, { token: "tok", user });
    await server.respond(200, []); // GET /api/progress for the merge
    await vi.waitFor(() => expect(location.pathname).toBe("/dashboard"));
    expect(localStorage.getItem("token")).toBe("tok");
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toEqual(user);
  });

  it("register prefills the ref code with the note, names the password rule, and shows Creating Account...", async () => {
    const server = controlledFetch();
    renderAt("/register?ref=FRIEND42");
    expect(screen.getByLabelText(/Referral Code/)).toHaveProperty("value", "FRIEND42");
    expect(screen.getByText("Your referrer will earn ₹200 when you join!")).toBeTruthy();
    fill("Name", "Ada");
    fill("Email", "ada@example.com");
    fill("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Password must be at least 8 characters.");
    fill("Password", "long-enough-now");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("button", { name: "Creating Account..." })).toHaveProperty("disabled", true);
    await server.respond(500, "");
    expect((await screen.findByRole("alert")).textContent).toBe("Registration failed");
  });

  it("register with a code applies it after joining; a failing apply is only logged and the learner still goes on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const server = controlledFetch();
    const location = renderAt("/register?ref=friend42");
    fill("Name", "Ada");
    fill("Email", "Ada@Example.com");
    fill("Password", "long-enough-now");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    const user = testUser;
    await server.respond(201, { token: "tok", user });
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    await vi.waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]?.[0]).toBe("/api/referral/apply-code");
    expect(JSON.parse(String(calls[1]?.[1].body))).toEqual({
      referralCode: "friend42",
      newUserEmail: "ada@example.com",
    });
    await server.respond(404, { message: "No learner has this referral code. Check it and try again." });
    await server.respond(200, []); // GET /api/progress for the merge
    await vi.waitFor(() => expect(location.pathname).toBe("/dashboard"));
    expect(warn).toHaveBeenCalledWith("Applying the referral code failed.", expect.anything());
    warn.mockRestore();
  });

  it("register with a malformed ?ref= code still joins: the code is ignored, never a blocking form error", async () => {
    const server = controlledFetch();
    const location = renderAt(`/register?ref=${"X".repeat(65)}`);
    fill("Name", "Ada");
    fill("Email", "ada@example.com");
    fill("Password", "long-enough-now");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await server.respond(201, { token: "tok", user: testUser });
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    expect(calls[0]?.[0]).toBe("/api/auth/register");
    expect(JSON.parse(String(calls[0]?.[1].body))).not.toHaveProperty("referralCode");
    await server.respond(200, []); // GET /api/progress for the merge
    await vi.waitFor(() => expect(location.pathname).toBe("/dashboard"));
    expect(calls.map(([url]) => url)).not.toContain("/api/referral/apply-code");
  });

  it("forgot password shows Sending... then the promised success or fallback text", async () => {
    const server = controlledFetch();
    renderAt("/forgot-password");
    fill("Email", "ada@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty("disabled", true);
    await server.respond(200, { message: "ok" });
    expect((await screen.findByRole("status")).textContent).toBe("Password reset link sent to your email!");
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    await server.respond(503, "");
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to send reset email.");
  });

  it("reset password checks the rule and the confirmation before sending, then shows the server's answer", async () => {
    const server = controlledFetch();
    renderAt("/reset-password?token=abc");
    fill("New Password", "long-enough-now");
    fill("Confirm New Password", "something-else");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The confirmation does not match the new password.");
    expect(fetch).not.toHaveBeenCalled();
    fill("Confirm New Password", "long-enough-now");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await server.respond(400, { message: "This reset link has expired. Please request a new one." });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This reset link has expired. Please request a new one.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await server.respond(200, { message: "Your password has been changed." });
    expect((await screen.findByRole("status")).textContent).toBe("Your password has been changed.");
    expect(screen.queryByRole("button", { name: "Reset Password" })).toBeNull();
  });
});
