import type { Reader, SqlExampleRequest, SqlExampleResult } from "@koc/shared";
import type { FairShare } from "../../adapters/code-runner/fair-share.js";
import type { JobOwner } from "../../adapters/code-runner/types.js";
import type { SqlPool } from "../../adapters/sql-runner/pool.js";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type CatalogueService, mayOpen, PREMIUM_LESSON_MESSAGE } from "../catalogue/service.js";

export const NO_TABLES_MESSAGE = "This lesson has no tables: its SQL examples do not run here.";

/**
 * A SQL lesson's examples, run in place (decision 0033): the lesson's tables in a throw-away
 * PGlite database from the pool, then the example as a script; nothing persists between runs.
 * Whoever may read the lesson may run its examples, and the runs share the owner's fair share
 * with every other run.
 */
export function createSqlExampleService(deps: { catalogue: CatalogueService; pool: SqlPool; share: FairShare }) {
  return {
    async run(req: SqlExampleRequest, reader: Reader, owner: JobOwner): Promise<SqlExampleResult> {
      const { access, lesson } = await deps.catalogue.lessonWithAnswers(req.lesson);
      if (lesson.courseId !== req.course) throw new NotFoundError("Lesson not found");
      if (!mayOpen(access, lesson.position, reader)) throw new ForbiddenError(PREMIUM_LESSON_MESSAGE);
      if (!lesson.sqlSetup) throw new BadRequestError(NO_TABLES_MESSAGE);
      const setup = req.empty === true ? "" : lesson.sqlSetup;
      const [outcome] = await deps.share.hold(owner, () =>
        deps.pool.run([{ setup, code: req.code, single: false, cut: true }], owner),
      );
      switch (outcome?.status) {
        case "ok":
          return {
            status: "ok",
            columns: outcome.columns,
            rows: outcome.rows,
            truncated: outcome.truncated === true,
            timeMs: outcome.ms,
          };
        case "error":
          return { status: "error", error: outcome.error, timedOut: false };
        case "setupError":
          return {
            status: "error",
            error: `This lesson's tables did not load (${outcome.error}). Please tell us.`,
            timedOut: false,
          };
        default:
          return { status: "error", error: "Stopped: the query ran past its time limit.", timedOut: true };
      }
    },
  };
}

export type SqlExampleService = ReturnType<typeof createSqlExampleService>;
