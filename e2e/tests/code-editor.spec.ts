import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test, wcagViolations } from "./fixtures";

/** Replaces the editor's code the way a user would: focus, select all, type. */
async function setCode(page: Page, code: string) {
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

async function chooseLanguage(page: Page, name: "Java" | "JavaScript" | "Python") {
  await page.getByRole("radiogroup", { name: "Language" }).getByText(name, { exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: `${name.toUpperCase()} ARENA` })).toBeVisible();
}

const output = (page: Page) => page.getByTestId("code-output");
const execute = (page: Page) => page.getByRole("button", { name: "Execute" });

test.describe("code editor on /playground", () => {
  test("keyboard: Tab indents, undo and comment toggle work, Escape then Tab or Ctrl+M lets focus leave", async ({
    page,
  }) => {
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "JavaScript");
    await setCode(page, "let a = 1;");
    await page.keyboard.press("Home");
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).toHaveText("    let a = 1;");
    await page.keyboard.press("ControlOrMeta+z");
    await expect(page.locator(".cm-content")).toHaveText("let a = 1;");
    await page.keyboard.press("ControlOrMeta+/");
    await expect(page.locator(".cm-content")).toHaveText("// let a = 1;");
    await page.keyboard.press("ControlOrMeta+/");

    // Tab inside the editor stays inside; Escape then Tab moves on to the next control.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).not.toBeFocused();
    await expect(page.locator(".cm-content")).toHaveText("let a = 1;");

    // Ctrl+M switches Tab to moving focus, and says so to screen readers.
    // Each key waits for the editor to have focus: a click's focus can land after the next key press.
    await page.locator(".cm-content").click();
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.press("Control+m");
    await expect(page.locator(".cm-announced")).toHaveText("Tab moves focus out of the editor.");
    await page.keyboard.press("Tab");
    await expect(page.locator(".cm-content")).not.toBeFocused();
    await page.locator(".cm-content").click();
    await expect(page.locator(".cm-content")).toBeFocused();
    await page.keyboard.press("Control+m");
    await expect(page.locator(".cm-announced")).toHaveText("Tab inserts indentation.");
  });

  test("the Java sample runs on the server's runner, or is labelled as simulated", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const status = await request.get("/api/run/status");
    const engine = status.ok() ? ((await status.json()) as { engine: string }).engine : "off";
    await gotoAndSettle(page, "/playground");
    await expect(page.getByRole("heading", { level: 1, name: "Code Playground" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "JAVA ARENA" })).toBeVisible();
    await expect(page.getByLabel("Java version")).toHaveValue("java17");
    await expect(page.getByText("Java, JavaScript and Python are supported.")).toBeVisible();
    await expect(output(page)).toHaveCount(0);

    await page.getByLabel("Java version").selectOption("java8");
    await expect(page.locator(".cm-content")).toContainText("Java 8: lambdas");
    await page.getByLabel("Java version").selectOption("java17");
    await expect(page.locator(".cm-content")).toContainText("record Knight");

    await execute(page).click();
    if (engine === "local") {
      await expect(output(page)).toContainText("Arthur the King", { timeout: 60_000 });
      await expect(output(page)).toContainText("Found the sword Excalibur");
      await setCode(page, 'public class Main {\npublic static void main(String[] a) {\nint x = "text";\n}\n}');
      await execute(page).click();
      await expect(output(page)).toContainText("Runtime Error:", { timeout: 60_000 });
    } else {
      await expect(output(page)).toContainText("[Simulated run", { timeout: 20_000 });
    }
    await expect(execute(page)).toBeEnabled();

    await page.getByRole("button", { name: "Clear" }).click();
    await expect(output(page)).toHaveCount(0);
    if (engine !== "off") expect(consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
    else expect(consoleErrors.filter((e) => !/404|503/.test(e))).toEqual([]);
  });

  test("the JavaScript sample runs, errors are reported, and Ctrl+Enter executes", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "JavaScript");
    await expect(page.getByLabel("Java version")).toHaveCount(0);
    await expect(page.locator(".cm-content")).toContainText("// Write your JavaScript code here");

    await execute(page).click();
    await expect(output(page)).toHaveText("Hello, Kingdom of Code!");

    await setCode(page, 'console.log("one");\nconsole.warn("two");\nconsole.error("three");');
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect(output(page)).toHaveText("one\ntwo\nthree");

    await setCode(page, 'const x = 1;\nthrow new Error("the dragon woke up");');
    await execute(page).click();
    await expect(output(page)).toHaveText("Runtime Error: the dragon woke up");

    await setCode(page, "let quiet = 42;");
    await execute(page).click();
    await expect(output(page)).toHaveText("Code executed successfully!");

    await page.getByRole("button", { name: "Reset" }).click();
    await expect(output(page)).toHaveCount(0);
    await expect(page.locator(".cm-content")).toContainText('console.log("Hello, Kingdom of Code!")');
    expect(consoleErrors).toEqual([]);
  });

  test("an infinite loop in JavaScript is stopped and the page stays usable", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "JavaScript");
    await setCode(page, "while (true) {}");
    await execute(page).click();
    await expect(page.getByRole("button", { name: "Running..." })).toBeDisabled();
    await expect(output(page)).toHaveText("Executing code...");
    // The page is still responsive while the loop spins.
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(output(page)).toHaveCount(0);
    await expect(output(page)).toContainText("Time limit exceeded", { timeout: 15_000 });
    await expect(execute(page)).toBeEnabled();

    await setCode(page, 'console.log("free again")');
    await execute(page).click();
    await expect(output(page)).toHaveText("free again");

    // A print loop is cut off instead of flooding the page.
    await setCode(page, 'while (true) console.log("spam")');
    await execute(page).click();
    await expect(output(page)).toContainText("Output truncated", { timeout: 15_000 });
    await expect(execute(page)).toBeEnabled();
    expect(consoleErrors).toEqual([]);
  });

  test("JavaScript in the editor cannot read the app's token, cookies or page", async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, "/playground");
    await page.evaluate(() => localStorage.setItem("token", "secret-token-4242"));
    await page
      .context()
      .addCookies([{ name: "koc_probe", value: "secret-cookie-4242", url: new URL(page.url()).origin }]);
    await chooseLanguage(page, "JavaScript");
    await setCode(
      page,
      [
        'try { console.log("token=" + localStorage.getItem("token")); } catch (e) { console.log("storage blocked"); }',
        'try { console.log("cookie=" + document.cookie); } catch (e) { console.log("cookie blocked"); }',
        'try { console.log("page=" + parent.document.body.innerHTML); } catch (e) { console.log("page blocked"); }',
        'try { console.log("opener=" + top.localStorage.getItem("token")); } catch (e) { console.log("top blocked"); }',
        'console.log("done probing");',
      ].join("\n"),
    );
    await execute(page).click();
    await expect(output(page)).toContainText("done probing");
    const text = (await output(page).textContent()) ?? "";
    expect(text).not.toContain("secret-token-4242");
    expect(text).not.toContain("secret-cookie-4242");
    expect(text).toContain("storage blocked");
    expect(consoleErrors).toEqual([]);
  });

  test("Python runs with Pyodide from our own origin, and a runaway loop is stopped", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const requested: string[] = [];
    page.on("request", (req) => requested.push(req.url()));
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "Python");
    // Python starts loading the moment it is chosen, and says so (on a busy machine it may be ready
    // before Execute is clicked, so the progress is looked for here, not after the click).
    await expect(page.getByRole("status")).toContainText("Loading Python");
    await expect(page.locator(".cm-content")).toContainText("# Write your Python code here");

    await execute(page).click();
    await expect(output(page)).toHaveText("Hello, Kingdom of Code!", { timeout: 120_000 });

    await setCode(page, 'import sys\nname = "Merlin"\nprint(f"Hail, {name}!")\nprint("warning", file=sys.stderr)');
    await execute(page).click();
    await expect(output(page)).toHaveText("Hail, Merlin!\nwarning");

    await setCode(page, 'raise ValueError("bad potion")');
    await execute(page).click();
    await expect(output(page)).toHaveText("Runtime Error: ValueError: bad potion");

    await setCode(page, "x = 1");
    await execute(page).click();
    await expect(output(page)).toHaveText("Code executed successfully! (No output statements found)");

    await setCode(page, "while True:");
    await page.keyboard.press("Enter"); // the editor indents the loop body
    await page.keyboard.insertText("pass");
    await execute(page).click();
    await expect(output(page)).toContainText("Time limit exceeded", { timeout: 30_000 });
    await expect(execute(page)).toBeEnabled();

    await setCode(page, 'print("alive")');
    await execute(page).click();
    await expect(output(page)).toHaveText("alive", { timeout: 120_000 });
    const origin = new URL(page.url()).origin;
    expect(requested.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin)).toEqual([]);
    expect(requested.some((u) => u.includes("/assets/pyodide-") && u.endsWith("pyodide.asm.wasm"))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test("Python starts from the build's interpreter snapshot, and cold when the snapshot cannot be fetched", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const snapshots: string[] = [];
    page.on("requestfinished", (req) => {
      if (req.url().endsWith("/interpreter-snapshot.bin")) snapshots.push(req.url());
    });
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "Python");
    await setCode(page, "print(sum(range(10)), __name__)");
    await execute(page).click();
    await expect(output(page)).toHaveText("45 __main__", { timeout: 120_000 });
    expect(snapshots).toHaveLength(1);

    // A fresh page whose snapshot request fails: the worker starts Python the slow way instead.
    await page.route("**/interpreter-snapshot.bin", (route) => route.abort());
    await gotoAndSettle(page, "/playground");
    await chooseLanguage(page, "Python");
    await setCode(page, 'print(input("name? ") if False else "cold start")');
    await execute(page).click();
    await expect(output(page)).toHaveText("cold start", { timeout: 120_000 });
    expect(consoleErrors.filter((e) => !e.includes("interpreter-snapshot.bin"))).toEqual([]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the playground with output has no WCAG 2.1 A/AA violations at ${viewport.width} px`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL: baseURL ?? undefined, viewport });
      const page = await context.newPage();
      try {
        await gotoAndSettle(page, "/playground");
        await chooseLanguage(page, "JavaScript");
        await execute(page).click();
        await expect(output(page)).toHaveText("Hello, Kingdom of Code!");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, "the page scrolls horizontally").toBeLessThanOrEqual(0);
        expect(await wcagViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
