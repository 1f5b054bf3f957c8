// One SQL worker process: an embedded PostgreSQL (PGlite) in memory, loaded from a prepared data
// directory, for the runs of one job at a time. Plain JavaScript so that the bundled server can
// start it from dist/ as it is (decision 0030). The pool (pool.ts) owns the wall clock: it ends
// this process when a job overruns, since PGlite runs a statement to its end on this thread.
import { gunzipSync } from "node:zlib";
import { PGlite, types } from "@electric-sql/pglite";

/** Every value as PostgreSQL's own text: no parser turns a date or a bigint into a JS value. */
const asText = Object.fromEntries(Object.keys(types.parsers ?? {}).map((oid) => [oid, (text) => text]));

const TEXT_ROWS = { rowMode: "array", parsers: asText };

/**
 * What the pool sends first: the limits of a result, PostgreSQL's start settings (pool.ts,
 * SQL_START_SETTINGS), and for jobs the prepared data directory.
 */
let maxRows = 0;
let maxChars = 0;
/** @type {string[]} */
let settings = [];
/** @type {ArrayBuffer | undefined} */
let dump;
/**
 * The dump unpacked once: each job's database loads from the tar, so PGlite does not unpack the
 * gzip again for every job (a load took 0.8-0.9 CPU-s instead of 1.1-1.2 here).
 * @type {Uint8Array | undefined}
 */
let tar;

/** @param {unknown} message */
const post = (message) => process.send?.(message);

/** @type {Promise<PGlite> | undefined} A fresh database, loaded ahead of the next job. */
let spare;

/** A gzip that cannot be unpacked is a template this PGlite cannot load: the promise fails. */
async function fresh() {
  if (dump) {
    tar = gunzipSync(new Uint8Array(dump));
    dump = undefined;
  }
  return PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...settings],
    ...(tar ? { loadDataDir: new Blob([tar], { type: "application/x-tar" }) } : {}),
  });
}

/** Empties what a run may have left: open transaction, settings, temporary tables, schemas. */
async function reset(db) {
  await db.exec("ROLLBACK");
  await db.exec("DISCARD ALL");
  const { rows } = await db.query(
    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
  );
  for (const { nspname } of rows) await db.exec(`DROP SCHEMA "${nspname.replaceAll('"', '""')}" CASCADE`);
  await db.exec("CREATE SCHEMA public");
}

function tooLarge(rows) {
  if (rows.length > maxRows) return `The result has more than ${maxRows} rows.`;
  let chars = 0;
  for (const r of rows) for (const v of r) chars += v === null ? 4 : String(v).length;
  return chars > maxChars ? `The result is larger than ${Math.round(maxChars / 1024)} KB.` : undefined;
}

/** The first rows that fit the limits: a lesson example shows them, marked truncated. */
function cutToFit(rows) {
  const kept = rows.slice(0, maxRows);
  let chars = 0;
  const end = kept.findIndex((r) => {
    for (const v of r) chars += v === null ? 4 : String(v).length;
    return chars > maxChars;
  });
  return end >= 0 ? kept.slice(0, end) : kept;
}

function resultOf(res, cut = false) {
  const columns = res.fields.map((f) => f.name);
  const rows = res.rows.map((r) => r.map((v) => (v === null || v === undefined ? null : String(v))));
  const problem = tooLarge(rows);
  if (!problem) return { columns, rows };
  // A graded answer must be whole; an example's rows are only looked at, so the first ones do.
  return cut ? { columns, rows: cutToFit(rows), truncated: true } : { truncated: true, error: problem };
}

/** The last statement of a script that returned columns, its values as PostgreSQL's text. */
function lastResult(results, cut = false) {
  const last = [...results].reverse().find((r) => r.fields.length > 0);
  if (!last) return { columns: [], rows: [] };
  return resultOf(last, cut);
}

const message = (err) => {
  const e = /** @type {{ message?: string; position?: string }} */ (err);
  return `ERROR: ${e?.message ?? String(err)}`;
};

/**
 * One run: the tables, then the statement(s), then the check query if any. `single`: the code
 * must be one statement and its result is the answer; otherwise the code is a script and the
 * check query's result is the answer.
 */
async function runOne(db, run) {
  await reset(db);
  try {
    if (run.setup) await db.exec(run.setup);
  } catch (err) {
    return { setupError: message(err) };
  }
  try {
    if (run.single) {
      // The extended protocol takes exactly one statement: PostgreSQL itself refuses several.
      const res = await db.query(run.code, [], TEXT_ROWS);
      if (res.fields.length === 0) {
        return { error: "Your statement returned no columns: this trial asks for a query that returns rows (SELECT)." };
      }
      return resultOf(res);
    }
    const results = await db.exec(run.code, TEXT_ROWS);
    // A lesson example: the last statement that returned columns is what it shows.
    if (!run.check) return lastResult(results, run.cut === true);
  } catch (err) {
    const text = message(err);
    return {
      error: /multiple commands/.test(text)
        ? "ERROR: this trial takes one statement only: remove the semicolon-separated statements after the first."
        : text,
    };
  }
  try {
    await db.exec("ROLLBACK"); // a transaction the learner left open does not hide the check's answer
    // The check may be a script (trying rows the constraints must refuse): its last result counts.
    return lastResult(await db.exec(run.check, TEXT_ROWS));
  } catch (err) {
    return { error: `The check after your statements failed: ${message(err)}` };
  }
}

async function job(runs) {
  const db = await (spare ?? fresh());
  spare = undefined;
  post({ type: "started" });
  for (let i = 0; i < runs.length; i += 1) {
    const started = performance.now();
    const outcome = await runOne(db, runs[i]);
    post({ type: "run", index: i, ms: Math.round(performance.now() - started), ...outcome });
  }
  post({ type: "done" });
  // Nothing persists between jobs: this database is thrown away and the next one loaded now.
  db.close().catch(() => undefined);
  spare = fresh();
}

process.on("message", (msg) => {
  if (msg.type === "init") {
    ({ maxRows, maxChars, settings, dump } = msg);
    if (!dump) return;
    spare = fresh();
    // A data directory this PGlite cannot load (a template kept by another build) is reported at once.
    spare.then(
      () => post({ type: "ready" }),
      (err) => post({ type: "failed", error: message(err) }),
    );
  } else if (msg.type === "job") {
    job(msg.runs).catch((err) => post({ type: "failed", error: message(err) }));
  } else if (msg.type === "dump") {
    PGlite.create()
      .then(async (db) => {
        const blob = await db.dumpDataDir("gzip");
        const buffer = await blob.arrayBuffer();
        await db.close();
        post({ type: "dump", dump: buffer });
      })
      .catch((err) => post({ type: "failed", error: message(err) }));
  }
});

// The server went away: so does its worker.
process.on("disconnect", () => process.exit(0));
