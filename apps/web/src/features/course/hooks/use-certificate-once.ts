import type { CourseProgress, MaterialSummary } from "@koc/shared";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { readJson, writeJson } from "../../../lib/storage";
import { storageKeys } from "../../../lib/storage-keys";

/**
 * The certificate dialog opens once, when every lesson is complete and the course's flag is unset
 * (after the quiz overlay that completed the last lesson has closed). Answers the date it opened.
 * The address /course/{id}#certificate (the dashboard's View Certificate) opens it again.
 */
export function useCertificateOnce(
  courseId: string,
  materials: MaterialSummary[],
  progress: CourseProgress,
  quizOpen: boolean,
) {
  const [openedOn, setOpenedOn] = useState<Date | null>(null);
  const { hash, key } = useLocation();
  const ids = new Set(materials.map((m) => m._id));
  const finished = materials.length > 0 && progress.completed.filter((c) => ids.has(c)).length === materials.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the address (key) opens it
  useEffect(() => {
    if (hash === "#certificate" && finished) setOpenedOn(new Date());
  }, [hash, finished, key]);
  useEffect(() => {
    if (materials.length === 0 || quizOpen) return;
    const ids = new Set(materials.map((m) => m._id));
    const done = progress.completed.filter((c) => ids.has(c)).length;
    if (done === materials.length && !readJson<boolean>(storageKeys.certificate(courseId), false)) {
      writeJson(storageKeys.certificate(courseId), true);
      setOpenedOn(new Date());
    }
  }, [progress.completed, materials, courseId, quizOpen]);
  return { openedOn, close: () => setOpenedOn(null) };
}
