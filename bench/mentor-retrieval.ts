/**
 * Kattappa's retrieval quality: asks POST /api/ai/chat (no model: lessons and FAQ only) each of the
 * held-out questions and prints whether the right lesson is among the top 3 sources, and the hit rate.
 * Run: npm run bench:mentor -w @koc/bench
 */
import { buildApp } from "../apps/server/src/app.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { readCatalogue, seedCatalogue } from "../apps/server/src/db/seed.js";
import { HELD_OUT_QUESTIONS } from "../apps/server/src/modules/mentor/held-out-questions.js";

const database = openDatabase({});
await database.migrate();
await seedCatalogue(database.db, readCatalogue());
const app = await buildApp({ database });
await app.ready();

let hits = 0;
let first = 0;
for (const [i, { question, materialId }] of HELD_OUT_QUESTIONS.entries()) {
  const res = await app.inject({
    method: "POST",
    url: "/api/ai/chat",
    payload: { message: question },
    remoteAddress: `10.9.${i}.1`,
  });
  const sources: { materialId: string }[] = res.json().sources ?? [];
  const rank = sources.slice(0, 3).findIndex((s) => s.materialId === materialId);
  if (rank >= 0) hits++;
  if (rank === 0) first++;
  console.log(
    `${rank >= 0 ? `hit@${rank + 1}` : "MISS "}  ${question}  ->  ${sources.map((s) => s.materialId).join(", ")}`,
  );
}
const n = HELD_OUT_QUESTIONS.length;
console.log(`\nright lesson in the top 3: ${hits}/${n} (${((100 * hits) / n).toFixed(0)}%); first: ${first}/${n}`);
await app.close();
await database.close();
