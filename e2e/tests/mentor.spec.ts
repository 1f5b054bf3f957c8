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
  await expect(page.getByRole("list", { name: "Conversation with Kattappa" }).getByText(/Speak clearly/)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the floating mentor opens with a greeting, answers from the lessons, and closes on Escape", async ({
  page,
  consoleErrors,
}) => {
  await gotoAndSettle(page, "/about");
  await page.getByRole("button", { name: "Open the coding mentor" }).click();
  const panel = page.getByRole("region", { name: "Kattappa, your coding mentor" });
  await expect(panel.getByText(/I am Kattappa, your coding mentor/)).toBeVisible();
  await panel.getByLabel("Your question for Kattappa").fill("tell me about loops");
  await panel.getByRole("button", { name: "Send" }).click();
  // the server answers from the lesson that explains it, and says where to read on
  await expect(panel.getByText(/Read the whole lesson at \/course\//)).toBeVisible();
  // focus stays inside the open panel
  await panel.getByRole("button", { name: "Send" }).focus();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Close the mentor chat" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(panel.getByRole("button", { name: "Send" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open the coding mentor" })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});
