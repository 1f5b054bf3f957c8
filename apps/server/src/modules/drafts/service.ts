import type { Draft, DraftBody } from "@koc/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { codeDrafts, exercises, materials } from "../../db/schema.js";
import { ConflictError, NotFoundError } from "../../errors.js";

/** Drafts one learner may keep: far beyond the catalogue's trials and examples, short of a store for anything. */
export const DRAFTS_PER_LEARNER = 2_000;

/**
 * Editor drafts (a trial's code, an edited lesson example) kept for a signed-in learner, so they
 * follow them to another device. The newest by the browser's timestamp wins, whichever device
 * writes last; a key must name a trial or lesson that exists.
 */
export function createDraftService(db: DbOrTx) {
  async function mustExist(key: string): Promise<void> {
    const [kind, id] = key.split(":") as [string, string];
    const found =
      kind === "trial"
        ? await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.id, id))
        : await db.select({ id: materials.id }).from(materials).where(eq(materials.id, id));
    if (found.length === 0) throw new NotFoundError(kind === "trial" ? "Trial not found" : "Lesson not found");
  }

  const toDraft = (r: typeof codeDrafts.$inferSelect): Draft => ({
    key: r.key,
    code: r.code,
    language: r.language as Draft["language"],
    updatedAt: r.updatedAt.getTime(),
  });

  async function read(userId: string, key: string): Promise<Draft | null> {
    const [r] = await db
      .select()
      .from(codeDrafts)
      .where(and(eq(codeDrafts.userId, userId), eq(codeDrafts.key, key)));
    return r ? toDraft(r) : null;
  }

  return {
    async get(userId: string, key: string): Promise<Draft | null> {
      await mustExist(key);
      return read(userId, key);
    },

    /** Saves unless a newer draft is stored; answers the draft that is kept either way. */
    async put(userId: string, key: string, body: DraftBody): Promise<Draft> {
      await mustExist(key);
      if (!(await read(userId, key))) {
        const [n] = await db.select({ n: count() }).from(codeDrafts).where(eq(codeDrafts.userId, userId));
        if (Number(n?.n ?? 0) >= DRAFTS_PER_LEARNER) {
          throw new ConflictError(`You keep ${DRAFTS_PER_LEARNER} drafts already; reset some code to its start first.`);
        }
      }
      const updatedAt = new Date(body.updatedAt);
      await db
        .insert(codeDrafts)
        .values({ userId, key, code: body.code, language: body.language, updatedAt })
        .onConflictDoUpdate({
          target: [codeDrafts.userId, codeDrafts.key],
          set: { code: body.code, language: body.language, updatedAt },
          // Last write wins by the browser's clock: an older save arriving late changes nothing.
          setWhere: sql`excluded.updated_at > ${codeDrafts.updatedAt}`,
        });
      return (await read(userId, key)) as Draft;
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
