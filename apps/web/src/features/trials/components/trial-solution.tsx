import { type ProjectFile, type TrialHelp, XP_PER_TRIAL, XP_PER_TRIAL_WITH_HELP } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { QueryError } from "../../../components/query-state";
import { solutionQuery, useRevealSolution } from "../api/trial-help";

interface TrialSolutionProps {
  exerciseId: string;
  who: string;
  help: TrialHelp;
  /** The learner's code, beside the reference after a pass. */
  code: string;
}

export const REVEAL_COST = `If you pass this trial after seeing the solution, it counts as solved with help: ${XP_PER_TRIAL_WITH_HELP} XP instead of ${XP_PER_TRIAL}, no achievement, and it does not count among your certificate's trials. This cannot be undone.`;

/**
 * The last rung of the ladder: the reference solution, revealed after three failed submissions or
 * early on request, each time after a confirmation that states the cost; after a pass, a comparison.
 */
export function TrialSolution({ exerciseId, who, help, code }: TrialSolutionProps) {
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const reveal = useRevealSolution(exerciseId, who);
  const readable = help.solutionReadable;
  const solution = useQuery({ ...solutionQuery(exerciseId, who), enabled: readable && (open || help.revealed) });

  if (readable && (open || help.revealed)) {
    return (
      <section className="trial-solution" aria-label="Reference solution">
        {help.passed && !help.revealed && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(false)}>
            Hide the comparison
          </button>
        )}
        {solution.isPending ? (
          <p className="trial-state" role="status">
            Unsealing the reference scroll...
          </p>
        ) : solution.isError ? (
          <QueryError
            message={`The solution could not be loaded: ${solution.error.message}`}
            onRetry={solution.refetch}
            retrying={solution.isFetching}
          />
        ) : solution.data.files && !help.passed ? (
          <>
            <p className="trial-note">
              The reference solution, revealed: every file of the project. Read it, close it in your mind, then write
              your own: a pass now counts as solved with help.
            </p>
            <SolutionFiles files={solution.data.files} />
          </>
        ) : help.passed ? (
          <div className="trial-compare">
            <div>
              <span>Your code</span>
              <pre>{code}</pre>
            </div>
            <div>
              <span>Reference solution</span>
              {solution.data.files ? (
                <SolutionFiles files={solution.data.files} />
              ) : (
                <pre data-testid="trial-solution">{solution.data.solution}</pre>
              )}
            </div>
          </div>
        ) : (
          <>
            <p className="trial-note">
              The reference solution, revealed. Read it, close it in your mind, then write your own: a pass now counts
              as solved with help.
            </p>
            <pre data-testid="trial-solution">{solution.data.solution}</pre>
          </>
        )}
      </section>
    );
  }

  if (readable) {
    return (
      <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)}>
        <ScrollText aria-hidden="true" size={16} /> Compare with the reference solution
      </button>
    );
  }

  return (
    <div className="trial-reveal">
      <button type="button" className="btn btn-outline btn-small" onClick={() => setConfirming(true)}>
        <ScrollText aria-hidden="true" size={16} />{" "}
        {help.solutionUnlocked ? "Reveal the solution" : "Reveal the solution now"}
      </button>
      {!help.solutionUnlocked && (
        <p className="trial-note">
          The solution unlocks after {help.solutionAfter} failed submissions (you have {help.failures}); you may reveal
          it sooner at a cost.
        </p>
      )}
      {reveal.error && (
        <p className="form-message error" role="alert">
          {reveal.error.message}
        </p>
      )}
      {confirming && (
        <Modal title="Reveal the solution?" onClose={() => setConfirming(false)}>
          <p>{REVEAL_COST}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              Keep trying
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={reveal.isPending}
              onClick={() =>
                reveal.mutate(
                  { acceptCost: true, ...(help.solutionUnlocked ? {} : { early: true }) },
                  { onSettled: () => setConfirming(false) },
                )
              }
            >
              {reveal.isPending ? "Unsealing..." : "Reveal it and accept the cost"}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

/** A project's reference: each file under its path, read-only ones (pom.xml) included. */
function SolutionFiles({ files }: { files: readonly ProjectFile[] }) {
  return (
    <div data-testid="trial-solution">
      {files.map((f) => (
        <figure key={f.path} className="trial-solution-file">
          <figcaption>
            <code>{f.path}</code>
          </figcaption>
          <pre>{f.code}</pre>
        </figure>
      ))}
    </div>
  );
}
