import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { type Catalogue, forgetParsed, loadCatalogue, validateCatalogue } from "@koc/content";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { catalogueFile, contentCoursesDir } from "../paths.js";
import type { Db } from "./client.js";
import { appMeta, courses, exercises, materials } from "./schema.js";

/** app_meta's key for the hash of the seeded catalogue (the catalogue service watches it too). */
export const CATALOGUE_HASH_KEY = "catalogue_sha256";
const HASH_KEY = CATALOGUE_HASH_KEY;

let seeds = 0;
/** How many times this process changed the catalogue: in-memory copies of it are stale once it moves. */
export const catalogueGeneration = () => seeds;

/**
 * The built catalogue: `file` (CATALOGUE_FILE) when given, which must exist; else content/dist when
 * present; else read and validated straight from content/.
 */
export function readCatalogue(file?: string): Catalogue {
  if (file) {
    if (!existsSync(file)) throw new Error(`CATALOGUE_FILE ${file} does not exist: run npm run build, or unset it`);
    return JSON.parse(readFileSync(file, "utf8")) as Catalogue;
  }
  if (existsSync(catalogueFile)) return JSON.parse(readFileSync(catalogueFile, "utf8")) as Catalogue;
  const { catalogue, problems } = loadCatalogue(contentCoursesDir);
  problems.push(...validateCatalogue(catalogue));
  forgetParsed(); // the Markdown trees were for loading and checking only
  if (problems.length > 0) throw new Error(`content has problems:\n- ${problems.join("\n- ")}`);
  return catalogue;
}

export interface SeedResult {
  changed: boolean;
  courses: number;
  lessons: number;
  exercises: number;
}

/**
 * Upserts the catalogue in one transaction. Idempotent: an unchanged catalogue (same hash) writes
 * nothing; a changed one updates rows in place by id, so enrolments and progress keep their keys.
 * Lessons that left a course are removed; courses are never deleted (learners may hold them).
 */
export async function seedCatalogue(db: Db, catalogue: Catalogue): Promise<SeedResult> {
  const hash = createHash("sha256").update(JSON.stringify(catalogue)).digest("hex");
  const lessons = catalogue.courses.reduce((n, c) => n + c.lessons.length, 0);
  const exerciseCount = catalogue.courses.reduce((n, c) => n + (c.exercises?.length ?? 0), 0);
  const counts = { courses: catalogue.courses.length, lessons, exercises: exerciseCount };
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, HASH_KEY));
  if (stored?.value === hash) return { changed: false, ...counts };

  await db.transaction(async (tx) => {
    for (const c of catalogue.courses) {
      const row = {
        id: c.id,
        title: c.title,
        description: c.description,
        category: c.category,
        access: c.access,
        level: c.level,
        position: c.order,
        quiz: c.quiz ?? [],
      };
      await tx
        .insert(courses)
        .values(row)
        .onConflictDoUpdate({ target: courses.id, set: { ...row, updatedAt: sql`now()` } });
      const ids = c.lessons.map((l) => l.id);
      if (ids.length > 0) {
        await tx.delete(materials).where(and(eq(materials.courseId, c.id), notInArray(materials.id, ids)));
      } else {
        await tx.delete(materials).where(eq(materials.courseId, c.id));
      }
      for (const l of c.lessons) {
        const lesson = {
          id: l.id,
          courseId: c.id,
          position: l.position,
          title: l.title,
          type: l.type,
          content: l.content || null,
          quiz: l.quiz,
          sqlSetup: l.sqlSetup ?? null,
        };
        await tx.insert(materials).values(lesson).onConflictDoUpdate({ target: materials.id, set: lesson });
      }
      // Trials, like lessons: upserted by id (passes keep their keys), removed when they left the course.
      const trials = c.exercises ?? [];
      const trialIds = trials.map((e) => e.id);
      await tx
        .delete(exercises)
        .where(
          trialIds.length > 0
            ? and(eq(exercises.courseId, c.id), notInArray(exercises.id, trialIds))
            : eq(exercises.courseId, c.id),
        );
      for (const [position, e] of trials.entries()) {
        const row = {
          id: e.id,
          courseId: c.id,
          materialId: e.materialId,
          position,
          k: e.k,
          title: e.title,
          difficulty: e.difficulty,
          language: e.language,
          statement: e.statement,
          starter: e.starter,
          solution: e.solution,
          hints: e.hints,
          cases: e.cases,
          tests: e.tests ?? null,
          release: e.release ?? null,
          sql: e.sql ?? null,
          project: e.project ?? null,
        };
        await tx.insert(exercises).values(row).onConflictDoUpdate({ target: exercises.id, set: row });
      }
    }
    await tx
      .insert(appMeta)
      .values({ key: HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash } });
  });
  seeds += 1;
  return { changed: true, ...counts };
}
