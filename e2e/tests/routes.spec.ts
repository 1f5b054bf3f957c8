import { expect, gotoAndSettle, test } from "./fixtures";

const routes: [path: string, heading: RegExp][] = [
  ["/", /Kingdom of Code/],
  ["/about", /About/],
  ["/courses", /Courses/],
  ["/course/java-programming", /Java Programming/],
  ["/contact", /Contact/],
  ["/kattappa", /Kattappa/],
  ["/kattappa-test", /Kattappa/],
  ["/login", /Login/],
  ["/register", /Join/],
  ["/forgot-password", /Forgot Password/],
  ["/reset-password", /Password/],
  ["/dashboard", /Dashboard|login/i],
  ["/review", /Review/],
  ["/terms", /Terms/],
  ["/refund-policy", /Refund Policy/],
  ["/shipping", /Shipping/],
  ["/privacy", /Privacy/],
];

for (const [path, heading] of routes) {
  test(`${path} opens inside the layout with no console error`, async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("button", { name: "Open the coding mentor" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
}

test("an unknown path shows the router's fallback page inside the layout", async ({ page, consoleErrors }) => {
  await gotoAndSettle(page, "/no/such/place");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
  await expect(page.getByRole("banner")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the header links navigate between pages", async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoAndSettle(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, path] of [
    ["About", "/about"],
    ["Courses", "/courses"],
    ["Kattappa", "/kattappa"],
    ["Contact", "/contact"],
    ["Login", "/login"],
    ["Register", "/register"],
    ["Home", "/"],
  ] as const) {
    await nav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(consoleErrors).toEqual([]);
});

test("the footer's social links open in a new tab safely", async ({ page }) => {
  await gotoAndSettle(page, "/");
  const social = page.getByRole("list", { name: "Follow the kingdom" }).getByRole("link");
  await expect(social).toHaveCount(6);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toHaveAttribute("aria-label", /.+/);
  }
});

test("the API answers from the same origin", async ({ request }) => {
  const res = await request.get("/api/courses");
  expect(res.status()).toBe(200);
  const courses = (await res.json()) as { _id: string }[];
  expect(courses.some((c) => c._id === "java-programming")).toBe(true);
});
