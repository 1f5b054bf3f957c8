import { expect, gotoAndSettle, test } from "./fixtures";

const BROKEN =
  'public class Main {\n    public static void main(String[] args) {\n        int gold = 5\n        System.out.println("Gold: " + gold);\n    }\n}';

test.describe("Explain this error on the course page", () => {
  test("a compile error gets an explanation that names the line and opens the lesson that teaches it", async ({
    page,
    request,
  }) => {
    const status = await request.get("/api/run/status");
    const engine = status.ok() ? ((await status.json()) as { engine: string }).engine : "off";
    test.skip(engine === "off", "no Java runner here: a simulated run shows no compiler error");

    await gotoAndSettle(page, "/course/java-programming");
    const editor = page.locator("#course-editor");
    await editor.scrollIntoViewIfNeeded();
    await editor.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(BROKEN);
    await editor.getByRole("button", { name: "Execute" }).click();
    await expect(editor.getByTestId("code-output")).toContainText("';' expected", { timeout: 60_000 });

    await editor.getByRole("button", { name: "Explain this error" }).click();
    const answer = editor.getByTestId("explain-answer");
    await expect(answer).toContainText("Line 3", { timeout: 30_000 });
    await expect(answer).toContainText("int gold = 5");
    const link = answer.getByRole("link", { name: /Introduction to Java.*: Anatomy of Hello World/ });
    await link.click();
    await expect(page).toHaveURL(
      /\/course\/java-programming\/lesson\/java-programming--introduction-to-java#section-anatomy-of-hello-world$/,
    );
    await expect(page.locator("#section-anatomy-of-hello-world")).toBeVisible({ timeout: 30_000 });
  });
});
