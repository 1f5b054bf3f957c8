import { Download } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ProgressBar } from "../../../components/progress-bar";
import { formatBytes, planSave, runSave, type SavePlan } from "../../../lib/offline/save-course";
import { listSavedCourses, removeSavedCourse, type SavedCourse } from "../../../lib/offline/store";

type State =
  | { step: "idle" }
  | { step: "measuring" }
  | { step: "confirm"; plan: SavePlan }
  | { step: "saving"; done: number; total: number }
  | { step: "error"; message: string };

interface SaveOfflineProps {
  course: { _id: string; title: string };
  materials: { _id: string; open: boolean }[];
  owner: string;
}

/**
 * "Save for offline": measures the course first and states its size (and the Python runtime's,
 * shared by every course and stored once), then downloads it in the background with its progress.
 * Shown only to a learner who may read the course online (lib/offline/save-course.ts keeps only what
 * the server gives them).
 */
export function SaveOffline({ course, materials, owner }: SaveOfflineProps) {
  const [state, setState] = useState<State>({ step: "idle" });
  const [saved, setSaved] = useState<SavedCourse | null | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);

  const readSaved = useCallback(async () => {
    const list = await listSavedCourses(owner);
    setSaved(list.find((c) => c.courseId === course._id) ?? null);
  }, [owner, course._id]);

  useEffect(() => {
    readSaved().catch(() => setSaved(null));
    return () => abort.current?.abort();
  }, [readSaved]);

  const measure = async () => {
    setState({ step: "measuring" });
    abort.current = new AbortController();
    try {
      setState({ step: "confirm", plan: await planSave(course, materials, abort.current.signal) });
    } catch (err) {
      setState({ step: "error", message: messageOf(err) });
    }
  };

  const save = async (plan: SavePlan) => {
    abort.current = new AbortController();
    setState({ step: "saving", done: 0, total: 1 });
    try {
      await runSave(plan, (p) => setState({ step: "saving", ...p }), abort.current.signal);
      setState({ step: "idle" });
      await readSaved();
    } catch (err) {
      setState({ step: "error", message: messageOf(err) });
    }
  };

  const remove = async () => {
    await removeSavedCourse(owner, course._id);
    await readSaved();
  };

  if (saved === undefined) return null;
  return (
    <section className="save-offline card" aria-label="Save for offline">
      {state.step === "saving" ? (
        <div role="status">
          <p>
            Saving for offline... {formatBytes(state.done)} of {formatBytes(state.total)}
          </p>
          <ProgressBar percent={Math.round((state.done / state.total) * 100)} label="Saved for offline" />
          <button type="button" className="btn btn-outline btn-small" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : state.step === "confirm" ? (
        <div role="status">
          <p className="save-offline-size">
            This course takes {formatBytes(state.plan.courseBytes)}
            {state.plan.runtimeBytes > 0
              ? `, plus ${formatBytes(state.plan.runtimeBytes)} for the Python runtime (stored once for every course)`
              : ""}
            . Save {formatBytes(state.plan.courseBytes + state.plan.runtimeBytes)} on this device?
          </p>
          <div className="save-offline-actions">
            <button type="button" className="btn btn-small" onClick={() => void save(state.plan)}>
              Save {formatBytes(state.plan.courseBytes + state.plan.runtimeBytes)}
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setState({ step: "idle" })}>
              Cancel
            </button>
          </div>
        </div>
      ) : saved ? (
        <div className="save-offline-actions">
          <p>
            <Download aria-hidden="true" size={16} /> Saved for offline ({formatBytes(saved.bytes)}): its lessons open
            without a connection.
          </p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void measure()}>
            Update
          </button>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void remove()}>
            Remove
          </button>
        </div>
      ) : (
        <div className="save-offline-actions">
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={state.step === "measuring"}
            onClick={() => void measure()}
          >
            <Download aria-hidden="true" size={16} />{" "}
            {state.step === "measuring" ? "Checking the size..." : "Save for offline"}
          </button>
        </div>
      )}
      {state.step === "error" && (
        <p className="form-message error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}

function messageOf(err: unknown): string {
  if (err instanceof DOMException && err.name === "AbortError") return "Saving was cancelled: the course is not saved.";
  if (err instanceof TypeError) return "The course could not be saved: check your connection and try again.";
  return err instanceof Error ? err.message : "The course could not be saved.";
}
