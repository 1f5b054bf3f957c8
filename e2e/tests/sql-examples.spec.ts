import { expect, gotoAndSettle, test } from "./fixtures";

const LESSON = "sql-databases--filtering-and-sorting";

test.describe("SQL lesson examples run where they stand", () => {
  test("Run shows the example's rows; an edited wrong query shows PostgreSQL's error; Reset brings the original back", async ({
    page,
    consoleErrors,
  }) => {
    // A phone's width: the result table scrolls inside its box, the page never scrolls sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoAndSettle(page, `/course/sql-databases/lesson/${LESSON}`);
    const lesson = page.getByRole("article", { name: /^Lesson: Filtering and Sorting/ });
    // The lesson's first block: the strongest warriors (located by position, since editing changes its text).
    const example = lesson.locator("figure.code-block").first();
    await expect(example).toContainText("WHERE strength >= 80");
    await example.getByRole("button", { name: "Run SQL example" }).click();

    const result = example.getByTestId("sql-result");
    const table = result.getByRole("table");
    // The first run may start the SQL engine (PGlite in a worker thread).
    await expect(table).toBeVisible({ timeout: 60_000 });
    await expect(table.getByRole("columnheader")).toHaveText(["name", "rank", "strength"]);
    await expect(table.getByRole("row").nth(1)).toHaveText(/Bhima\s*Soldier\s*95/);
    await expect(result).toContainText("(4 rows)");
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(360);

    await example.getByRole("button", { name: "Edit" }).click();
    const editor = example.getByRole("textbox", { name: "SQL example (editable)" });
    await editor.fill("SELECT name, power\nFROM warriors\nWHERE power >= 80;");
    await example.getByRole("button", { name: "Run SQL example" }).click();
    await expect(result.getByRole("alert")).toHaveText('ERROR: column "power" does not exist');

    await example.getByRole("button", { name: "Reset the SQL example to the original" }).click();
    await expect(editor).toHaveValue(/WHERE strength >= 80\nORDER BY strength DESC;/);
    await example.getByRole("button", { name: "Run SQL example" }).click();
    await expect(table.getByRole("row")).toHaveCount(5);

    // The psql output printed in the lesson is plain text: no Run there.
    await expect(
      lesson.locator("figure.code-block", { hasText: /^text/i }).getByRole("button", { name: /^Run/ }),
    ).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
