import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/harness.js";
import { mailOutbox } from "../../db/schema.js";
import { createOutboxMailer } from "./outbox.js";

describe.each(engines)("outbox mailer on %s", (engine) => {
  let database: TestDatabase;
  const dir = join(mkdtempSync(join(tmpdir(), "koc-outbox-")), "outbox");
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(join(dir, ".."), { recursive: true, force: true });
  });

  it("stores the mail in the database, logs it and, with a directory, writes a copy there", async () => {
    const logged: unknown[] = [];
    const mailer = createOutboxMailer(database.db, { info: (obj: unknown) => logged.push(obj) }, { dir });
    await mailer.send({ to: "ada@example.com", subject: "Hello", text: "Open https://example.com/x" });
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ada@example.com"));
    expect(rows).toHaveLength(1);
    expect(logged).toHaveLength(1);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const copy = JSON.parse(readFileSync(join(dir, String(files[0])), "utf8"));
    expect(copy).toMatchObject({ to: "ada@example.com", subject: "Hello", text: "Open https://example.com/x" });
  });

  it("never shows a reader of the folder a mail half written", async () => {
    const mailer = createOutboxMailer(database.db, { info: () => undefined }, { dir });
    const text = "x".repeat(2_000_000);
    const sending = Promise.all(
      Array.from({ length: 5 }, (_, i) => mailer.send({ to: `reader-${i}@example.com`, subject: "Big", text })),
    );
    let done = false;
    void sending.then(() => {
      done = true;
    });
    let reads = 0;
    // Read every .json file as the mails are written, as the end-to-end tests do.
    while (!done) {
      for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        expect(JSON.parse(readFileSync(join(dir, f), "utf8")).to).toMatch(/@example\.com$/);
        reads++;
      }
      await new Promise((r) => setImmediate(r));
    }
    await sending;
    expect(reads).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((f) => f.startsWith("."))).toEqual([]);
  });
});
