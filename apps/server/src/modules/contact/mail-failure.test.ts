import { CONTACT_SUCCESS } from "@koc/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/harness.js";
import { buildApp } from "../../app.js";
import { contactMessages } from "../../db/schema.js";

describe.each(engines)("contact with a failing mail server on %s", (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await buildApp({
      database,
      mailer: {
        kind: "smtp",
        send: () => Promise.reject(new Error("SMTP server unreachable")),
        close: async () => {},
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it("keeps the message and still thanks the visitor", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Devasena", email: "devasena@example.com", subject: "Hello", message: "A question" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTACT_SUCCESS);
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
  });
});
