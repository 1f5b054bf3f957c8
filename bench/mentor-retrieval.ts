/**
 * Kattappa's retrieval quality: asks POST /api/ai/chat (no model: lessons and FAQ only) every question
 * of the development set and of the held-out set, each with the page it was asked from, and prints
 * recall@1 and recall@3 for both halves and the share of questions answered (in the top 3) from another
 * course's language that the question did not name. Only this bench reads the held-out file.
 * Run: npm run bench:mentor -w @koc/bench   (add --misses to list the development questions it got wrong)
 * While tuning, add --dev: only the development half is asked, so the held-out figure is not watched
 * from change to change (each look at it spends a little of what it can tell).
 */
import { readFileSync } from "node:fs";
import { buildApp } from "../apps/server/src/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { readCatalogue, seedCatalogue } from "../apps/server/src/db/seed.js";
import { crossLanguage, type EvalQuestion, parseQuestions } from "../apps/server/src/modules/mentor/eval/questions.js";

const read = (url: URL) => parseQuestions(readFileSync(url, "utf8"));
const developmentOnly = process.argv.includes("--dev");
const halves: [string, EvalQuestion[]][] = [
  ["development", read(new URL("../apps/server/src/modules/mentor/eval/dev-questions.txt", import.meta.url))],
  ...(developmentOnly
    ? []
    : [["held-out", read(new URL("./mentor-held-out.txt", import.meta.url))] as [string, EvalQuestion[]]]),
];
const showMisses = process.argv.includes("--misses");

const catalogue = readCatalogue();
const known = new Set(catalogue.courses.flatMap((c) => c.lessons.map((l) => l.id)));
for (const [name, qs] of halves) {
  const unknown = qs.flatMap((q) => [...q.expected, q.context?.materialId ?? []].flat().filter((id) => !known.has(id)));
  if (unknown.length > 0) throw new Error(`${name}: unknown lessons ${unknown.join(", ")}`);
}

const database = openDatabase({});
await database.migrate();
await seedCatalogue(database.db, catalogue);
const app = await buildApp({ database });
await app.ready();

const pct = (k: number, n: number) => `${k}/${n} (${((100 * k) / n).toFixed(1)}%)`;
let ip = 0;
for (const [name, qs] of halves) {
  let at1 = 0;
  let at3 = 0;
  let crossed = 0;
  for (const q of qs) {
    ip++;
    const res = await app.inject({
      method: "POST",
      url: "/api/ai/chat",
      payload: { message: q.question, ...(q.context ? { context: q.context } : {}) },
      remoteAddress: `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
    });
    const sources: { courseId: string; materialId: string }[] = res.json().sources ?? [];
    const top = sources.slice(0, 3);
    const rank = top.findIndex((s) => q.expected.includes(s.materialId));
    if (rank === 0) at1++;
    if (rank >= 0) at3++;
    const cross = crossLanguage(
      q,
      top.map((s) => s.courseId),
    );
    if (cross) crossed++;
    // Misses are listed for the development half only: the held-out half must not guide the tuning.
    if (showMisses && name === "development" && (rank < 0 || cross)) {
      const page = q.context ? `[${q.context.materialId ?? q.context.courseId}] ` : "";
      console.log(
        `${rank < 0 ? "MISS " : "     "}${cross ? " CROSS" : ""} ${page}${q.question}\n      want ${q.expected.join(" | ")}\n      got  ${top.map((s) => s.materialId).join(", ")}`,
      );
    }
  }
  console.log(
    `${name.padEnd(12)} n=${qs.length}  recall@1 ${pct(at1, qs.length)}  recall@3 ${pct(at3, qs.length)}  other-language answers ${pct(crossed, qs.length)}`,
  );
}
await app.close();
await database.close();
