import type { APIRequestContext } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

const password = "royal-secret-1";
const newPassword = "royal-secret-2";
let counter = 0;
const uniqueEmail = () => `account-${Date.now()}-${++counter}-${test.info().workerIndex}@example.com`;

/** The browser logs every refused request (400, 401, 403) as a failed resource; this spec expects some. */
test.use({ expectedConsoleErrors: [/status of 40[013]/] });

async function register(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/register", { data: { name: "Sivagami", email, password } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const me = (request: APIRequestContext, token: string) =>
  request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });

test.describe("account page", () => {
  test("changing the password needs the current one, keeps this browser signed in and ends other sessions", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    const otherDevice = await register(request, email);
    await gotoAndSettle(page, "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole("link", { name: "Account" }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(email)).toBeVisible();

    // A wrong current password changes nothing and says so.
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("is not your current password")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expect(page.getByLabel("Current password")).toBeFocused();
    expect((await me(request, otherDevice)).status()).toBe(200);

    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password is changed. Every other device has been signed out.")).toBeVisible();

    // The other device's token is revoked; this browser carries on with its fresh token.
    expect((await me(request, otherDevice)).status()).toBe(401);
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();
    const old = await request.post("/api/auth/login", { data: { email, password } });
    expect(old.status()).toBe(401);
    const fresh = await request.post("/api/auth/login", { data: { email, password: newPassword } });
    expect(fresh.status()).toBe(200);
  });

  test("Sign out everywhere ends this session and every other one", async ({ page, request }) => {
    const email = uniqueEmail();
    const otherDevice = await register(request, email);
    await gotoAndSettle(page, "/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeTruthy();

    await gotoAndSettle(page, "/account");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await me(request, otherDevice)).status()).toBe(401);
    expect((await me(request, token as string)).status()).toBe(401);
  });
});
