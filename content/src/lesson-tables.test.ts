/** The SQL lessons' `tables:` (decision 0033): read from the course's tables/ folder, checked by name. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "./load.js";
import { validateCatalogue } from "./validate.js";

const root = mkdtempSync(join(tmpdir(), "koc-tables-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A course folder with one lesson whose front matter and body are given, and the table files. */
function course(id: string, frontMatter: string, body: string, tables: Record<string, string>) {
  const dir = join(root, id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "lessons"), { recursive: true });
  mkdirSync(join(dir, "tables"), { recursive: true });
  writeFileSync(
    join(dir, "course.md"),
    `---\nid: ${id}\ntitle: Demo\ncategory: Demo\nlevel: Beginner\naccess: free\norder: 1\n---\nAbout.\n`,
  );
  writeFileSync(join(dir, "lessons", "00-first.md"), `---\ntitle: First\n${frontMatter}quiz: []\n---\n${body}`);
  for (const [name, sql] of Object.entries(tables)) writeFileSync(join(dir, "tables", `${name}.sql`), sql);
  return loadCatalogue(root);
}

const sqlBlock = (fence: string) => `## Part\n\n\`\`\`${fence}\nSELECT 1;\n\`\`\`\n`;

describe("lesson tables", () => {
  it("joins the named files in order into the lesson's setup", () => {
    const { catalogue, problems } = course("sql-databases", "tables: [b, a]\n", sqlBlock("sql"), {
      a: "CREATE TABLE a ();\n",
      b: "CREATE TABLE b ();\n",
    });
    expect(problems).toEqual([]);
    const lesson = catalogue.courses.find((c) => c.id === "sql-databases")?.lessons[0];
    expect(lesson?.tables).toEqual(["b", "a"]);
    expect(lesson?.sqlSetup).toBe("CREATE TABLE b ();\n\nCREATE TABLE a ();\n");
  });

  it("reports an unknown table name and a table file no lesson names", () => {
    const { problems } = course("sql-databases", "tables: [warriors, wariors]\n", sqlBlock("sql"), {
      warriors: "CREATE TABLE warriors ();\n",
      unused: "CREATE TABLE unused ();\n",
    });
    expect(problems).toEqual([
      'sql-databases/lessons/00-first.md: tables names "wariors", which sql-databases/tables/ does not have',
      "sql-databases/tables/unused.sql: no lesson's tables name it",
    ]);
  });

  it("refuses a table name that is not a file name, and an empty list", () => {
    expect(course("sql-databases", "tables: [../secrets]\n", sqlBlock("sql"), {}).problems.join()).toMatch(
      /tables\.0: must be a table file's name/,
    );
    expect(course("sql-databases", "tables: []\n", sqlBlock("sql"), {}).problems.join()).toMatch(/tables: /);
  });

  it("asks a SQL lesson with examples for its tables, and knows only the setup and error marks", () => {
    const bare = course("sql-databases", "", sqlBlock("sql"), {});
    const problems = validateCatalogue(bare.catalogue).filter((p) => /tables|sql block/.test(p));
    expect(problems.join()).toMatch(/SQL examples need the lesson's tables/);
    const marked = course("sql-databases", "tables: [t]\n", sqlBlock("sql fails"), { t: "CREATE TABLE t ();\n" });
    expect(validateCatalogue(marked.catalogue).join()).toMatch(/```sql fails at line \d+: a sql block takes only/);
    const other = course("demo", "tables: [t]\n", sqlBlock("sql"), { t: "CREATE TABLE t ();\n" });
    expect(validateCatalogue(other.catalogue).join()).toMatch(/only a SQL course's lessons name tables/);
  });
});
