import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, realCatalogue, type TestDatabase } from "../../test/harness.js";
import { courses, exercises, materials } from "./schema.js";
import { seedCatalogue } from "./seed.js";

describe.each(engines)("catalogue seed on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  const counts = async () => {
    const [c] = await database.db.select({ n: count() }).from(courses);
    const [m] = await database.db.select({ n: count() }).from(materials);
    return { courses: c?.n, lessons: m?.n };
  };

  it("loads the catalogue, and a second run neither duplicates nor loses anything", async () => {
    const catalogue = realCatalogue();
    const first = await seedCatalogue(database.db, catalogue);
    expect(first.changed).toBe(true);
    const after = await counts();
    expect(after).toEqual({ courses: first.courses, lessons: first.lessons });

    const second = await seedCatalogue(database.db, catalogue);
    expect(second.changed).toBe(false);
    expect(await counts()).toEqual(after);
  });

  it("updates changed lessons in place and removes lessons that left a course", async () => {
    const catalogue = realCatalogue();
    const java = catalogue.courses.find((c) => c.id === "java-programming");
    if (!java || java.lessons.length < 2) throw new Error("java course needs lessons for this test");
    const edited = structuredClone(catalogue);
    const editedJava = edited.courses.find((c) => c.id === "java-programming");
    if (!editedJava) throw new Error("unreachable");
    const removed = editedJava.lessons.pop();
    // A lesson leaves with its trials (the content loader refuses a trial whose lesson is gone).
    editedJava.exercises = editedJava.exercises?.filter((e) => e.materialId !== removed?.id);
    const first = editedJava.lessons[0];
    if (first) first.title = "Renamed first lesson";
    await seedCatalogue(database.db, edited);
    const rows = await database.db.select().from(materials);
    expect(rows.find((r) => r.id === removed?.id)).toBeUndefined();
    expect(rows.find((r) => r.id === first?.id)?.title).toBe("Renamed first lesson");
    await seedCatalogue(database.db, catalogue);
    expect((await database.db.select().from(materials)).length).toBe(
      catalogue.courses.reduce((n, c) => n + c.lessons.length, 0),
    );
  });

  it("upserts the trials idempotently, in place by id, and removes those that left a course", async () => {
    const catalogue = realCatalogue();
    const total = catalogue.courses.reduce((n, c) => n + (c.exercises?.length ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    const seeded = await seedCatalogue(database.db, catalogue);
    expect(seeded.exercises).toBe(total);
    expect(await database.db.select().from(exercises)).toHaveLength(total);

    const edited = structuredClone(catalogue);
    const java = edited.courses.find((c) => c.id === "java-programming");
    const python = edited.courses.find((c) => c.id === "python-programming");
    const trial = java?.exercises?.[0];
    if (!trial || !python?.exercises?.length) throw new Error("the Java and Python courses need trials for this test");
    trial.title = "Renamed trial";
    const gone = python.exercises.pop();
    await seedCatalogue(database.db, edited);
    const rows = await database.db.select().from(exercises);
    expect(rows.find((r) => r.id === trial.id)?.title).toBe("Renamed trial");
    expect(rows.find((r) => r.id === gone?.id)).toBeUndefined();
    expect(rows).toHaveLength(total - 1);
    await seedCatalogue(database.db, catalogue);
    expect(await database.db.select().from(exercises)).toHaveLength(total);
  });
});
