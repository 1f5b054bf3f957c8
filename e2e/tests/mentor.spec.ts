import { expect, gotoAndSettle, test } from "./fixtures";

test("Kattappa's page answers a quick question after thinking, and Speak clearly to one letter", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/kattappa");
  for (const q of [
    "How do I debug Java code?",
    "Explain OOP concepts",
    "What are data structures?",
    "Help with algorithms",
  ]) {
    await expect(page.getByRole("button", { name: q })).toBeVisible();
  }
  await page.getByRole("button", { name: "Explain OOP concepts" }).click();
  await expect(page.getByText("Kattappa is thinking...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(page.getByText(/four pillars: encapsulation/)).toBeVisible();

  const input = page.getByLabel("Your message to Kattappa");
  await input.fill("x");
  await input.press("Enter");
  await expect(page.getByText("Speak clearly", { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the floating mentor opens with a greeting, answers, and closes on Escape", async ({ page }) => {
  await gotoAndSettle(page, "/about");
  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.getByRole("region", { name: "Kattappa, your coding mentor" });
  await expect(panel.getByText(/I am Kattappa, your coding mentor/)).toBeVisible();
  await panel.getByLabel("Your question for Kattappa").fill("tell me about loops");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByText(/Loops repeat work/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open the coding mentor" })).toBeFocused();
});
