/** Sessions that end on the server: logout, logout everywhere, and a password change. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsTestApp, registerUser } from "../../../test/accounts.js";
import { CHANGE_PASSWORD_LIMIT, LOGGED_OUT, LOGGED_OUT_EVERYWHERE, WRONG_CURRENT_PASSWORD } from "./service.js";

describe("sessions that end", () => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  beforeAll(async () => {
    t = await createAccountsTestApp("pglite");
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const login = async (email: string, password: string) => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it("logout revokes the token it is called with, and only that one", async () => {
    const learner = await registerUser(t.app);
    const laptop = await login(learner.user.email, learner.password);
    const res = await post("/api/auth/logout", learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LOGGED_OUT });
    expect((await me(learner.token)).statusCode).toBe(401);
    expect((await post("/api/auth/logout", learner.token)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it("logout everywhere revokes every token of the user, not other users'", async () => {
    const learner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const laptop = await login(learner.user.email, learner.password);
    const res = await post("/api/auth/logout-everywhere", laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: LOGGED_OUT_EVERYWHERE });
    expect((await me(learner.token)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    // Logging in again works.
    expect((await me(await login(learner.user.email, learner.password))).statusCode).toBe(200);
  });

  it("change-password needs the current password, ends every other session and answers a fresh token", async () => {
    const learner = await registerUser(t.app, { password: "the-old-password" });
    const phone = await login(learner.user.email, "the-old-password");
    const wrong = await post("/api/auth/change-password", learner.token, {
      currentPassword: "a-wrong-guess",
      newPassword: "the-new-password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD);
    const short = await post("/api/auth/change-password", learner.token, {
      currentPassword: "the-old-password",
      newPassword: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/newPassword/);

    const res = await post("/api/auth/change-password", learner.token, {
      currentPassword: "the-old-password",
      newPassword: "the-new-password",
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { token: string; user: { email: string } };
    expect(fresh.user.email).toBe(learner.user.email);
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await me(learner.token)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: learner.user.email, password: "the-old-password" },
    });
    expect(oldLogin.statusCode).toBe(401);
    await login(learner.user.email, "the-new-password");
  });

  it("limits guesses of the current password through a stolen token", async () => {
    const learner = await registerUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= CHANGE_PASSWORD_LIMIT.limit; i++) {
      const res = await post("/api/auth/change-password", learner.token, {
        currentPassword: `guess-${i}`,
        newPassword: "the-new-password",
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, CHANGE_PASSWORD_LIMIT.limit).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
