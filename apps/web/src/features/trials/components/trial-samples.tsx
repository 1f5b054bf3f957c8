import type { ExerciseDetail } from "@koc/shared";

/** The visible sample cases, and how many hidden ones the submission also faces. */
export function TrialSamples({ exercise, headingId }: { exercise: ExerciseDetail; headingId: string }) {
  if (exercise.samples.length === 0) return null;
  // An SQL case's input is its tables (CREATE TABLE and INSERT), its output the result set.
  const sql = exercise.language === "sql";
  return (
    <section className="trial-samples" aria-labelledby={headingId}>
      <h5 id={headingId}>Sample {exercise.samples.length > 1 ? "cases" : "case"}</h5>
      {exercise.samples.map((s) => (
        <div key={s.name} className="trial-sample">
          <p className="trial-sample-name">{s.name}</p>
          <div className="trial-io">
            <div>
              <span>{sql ? "Tables" : "Input"}</span>
              <pre>{s.stdin === "" ? "(no input)" : s.stdin}</pre>
            </div>
            <div>
              <span>{sql ? "Expected result" : "Expected output"}</span>
              <pre>{s.stdout}</pre>
            </div>
          </div>
        </div>
      ))}
      {exercise.hiddenCases > 0 && (
        <p className="trial-note">
          {sql
            ? `Your SQL also runs on ${exercise.hiddenCases} hidden ${exercise.hiddenCases === 1 ? "dataset" : "datasets"} with the same tables and other rows.`
            : `Your program also faces ${exercise.hiddenCases} hidden ${exercise.hiddenCases === 1 ? "case" : "cases"}.`}
        </p>
      )}
    </section>
  );
}
