import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type SqlExampleLesson, SqlExamplesContext } from "./sql-example";
import { TutorialRenderer } from "./tutorial-renderer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LESSON: SqlExampleLesson = { course: "sql-databases", lesson: "sql-databases--filtering-and-sorting" };
const QUERY = "SELECT name, strength FROM warriors WHERE strength >= 90;";
const markdown = (fence = "sql", code = QUERY) => `Intro\n\n\`\`\`${fence}\n${code}\n\`\`\`\n\nAfter`;

/** No query cache around it: the renderer draws code blocks on pages that have none (mentor answers). */
function renderLesson(md: string, lesson: SqlExampleLesson | null = LESSON) {
  return render(
    <MemoryRouter>
      <SqlExamplesContext.Provider value={lesson}>
        <TutorialRenderer markdown={md} />
      </SqlExamplesContext.Provider>
    </MemoryRouter>,
  );
}

/** The server's answer to POST /api/sql/examples, at the fetch level; the bodies it was sent are kept. */
function sqlServer(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== "/api/sql/examples") return Response.json({ message: "Not found" }, { status: 404 });
    bodies.push(JSON.parse(String(init?.body)));
    return answer();
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, bodies };
}

const ok = (over: Record<string, unknown> = {}) =>
  Response.json({
    status: "ok",
    columns: ["name", "strength"],
    rows: [
      ["Bhima", "95"],
      ["Ishaan", null],
    ],
    truncated: false,
    timeMs: 4,
    ...over,
  });

const run = () => fireEvent.click(screen.getByRole("button", { name: "Run SQL example" }));

describe("SQL examples on a lesson page", () => {
  it("runs the block on the lesson and shows the rows as a table with headers and the row count", async () => {
    const { bodies } = sqlServer(() => ok());
    renderLesson(markdown());
    run();
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["name", "strength"]);
    const cells = within(table)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["Bhima", "95", "Ishaan", "NULL"]);
    expect(screen.getByText("(2 rows)")).toBeTruthy();
    expect(screen.queryByText(/truncated/)).toBeNull();
    expect(bodies).toEqual([{ ...LESSON, code: QUERY }]);
  });

  it("says when the result was truncated, and when it has no rows to show", async () => {
    sqlServer(() => ok({ rows: [["Bhima", "95"]], truncated: true }));
    renderLesson(markdown());
    run();
    expect(await screen.findByText(/\(1 row\) truncated/)).toBeTruthy();
    cleanup();
    sqlServer(() => ok({ columns: [], rows: [] }));
    renderLesson(markdown());
    run();
    expect(await screen.findByText(/returned no rows to show/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows PostgreSQL's error when the query fails, with no Retry (running it again gives the same)", async () => {
    sqlServer(() => Response.json({ status: "error", error: 'ERROR: column "power" does not exist', timedOut: false }));
    renderLesson(markdown());
    run();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe('ERROR: column "power" does not exist');
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("edits the query in place, runs the edited one, and Reset brings the original back", async () => {
    const { bodies } = sqlServer(() => ok());
    renderLesson(markdown());
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    const editor = screen.getByRole("textbox", { name: "SQL example (editable)" });
    fireEvent.change(editor, { target: { value: "SELECT power FROM warriors;" } });
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true });
    await screen.findByRole("table");
    expect(bodies.at(-1)).toEqual({ ...LESSON, code: "SELECT power FROM warriors;" });
    fireEvent.click(screen.getByRole("button", { name: "Reset the SQL example to the original" }));
    expect((screen.getByRole("textbox", { name: "SQL example (editable)" }) as HTMLTextAreaElement).value).toBe(QUERY);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: /Reset/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("runs a ```sql setup block on an empty database", async () => {
    const { bodies } = sqlServer(() => ok({ columns: [], rows: [] }));
    renderLesson(markdown("sql setup", "CREATE TABLE t (id integer);"));
    run();
    await screen.findByText(/returned no rows/);
    expect(bodies).toEqual([{ ...LESSON, code: "CREATE TABLE t (id integer);", empty: true }]);
  });

  it("offline: says the server cannot be reached without sending anything, and Retry runs once back online", async () => {
    const { fetch } = sqlServer(() => ok());
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderLesson(markdown());
    run();
    expect((await screen.findByRole("alert")).textContent).toMatch(/cannot be reached/);
    expect(fetch).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("a server that cannot be reached (the request fails) gets the same message and Retry", async () => {
    let fail = true;
    sqlServer(() => {
      if (fail) throw new TypeError("Failed to fetch");
      return ok();
    });
    renderLesson(markdown());
    run();
    expect((await screen.findByRole("alert")).textContent).toMatch(/cannot be reached/);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("shows the server's refusal (too many runs) with Retry", async () => {
    sqlServer(() =>
      Response.json(
        { message: "Too many runs from your address. Please wait 30 seconds and try again." },
        { status: 429 },
      ),
    );
    renderLesson(markdown());
    run();
    expect((await screen.findByRole("alert")).textContent).toMatch(/Too many runs/);
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("gives no Run outside a lesson with tables, nor to other languages' or text blocks", () => {
    sqlServer(() => ok());
    renderLesson(markdown(), null);
    expect(screen.queryByRole("button", { name: "Run SQL example" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    cleanup();
    renderLesson(markdown("text", "id | name"));
    expect(screen.queryByRole("button", { name: "Run SQL example" })).toBeNull();
  });
});
