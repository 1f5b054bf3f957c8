import { DEFAULT_JAVA_VERSION, editorLanguageFor } from "@koc/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import type { CodeActions, RunnableLanguage } from "../../../components/code-block-run";
import { codeHash } from "../../../lib/drafts";

/**
 * The course page's editor: it starts in the course's language (Python for the Python course), and
 * "Edit" on a lesson example opens that example in it (a fresh panel per example). A Python course
 * starts Pyodide as soon as a lesson is open, so the first Run costs little more than the program.
 * An edited example keeps a draft per lesson and example.
 */
export function useCourseEditor(courseId: string, openLesson: string | null) {
  const courseLanguage = editorLanguageFor(courseId);
  const [doc, setDoc] = useState<{ language: RunnableLanguage; code: string; n: number; draftKey?: string }>({
    language: courseLanguage,
    code: "",
    n: 0,
  });
  useEffect(() => {
    setDoc((d) =>
      d.language === courseLanguage && d.code === "" ? d : { language: courseLanguage, code: "", n: d.n + 1 },
    );
  }, [courseLanguage]);

  useEffect(() => {
    if (courseLanguage !== "python" || !openLesson) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import("../../../lib/run/run-python").then(({ preloadPython }) => {
      if (live) stop = preloadPython(() => undefined);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [courseLanguage, openLesson]);

  const editorRef = useRef<HTMLDivElement>(null);
  // An edited example keeps its draft per lesson and example (lib/drafts).
  const openLessonRef = useRef(openLesson);
  openLessonRef.current = openLesson;
  const codeActions = useMemo<CodeActions>(
    () => ({
      javaVersion: DEFAULT_JAVA_VERSION,
      onEdit: (language, code) => {
        const lesson = openLessonRef.current;
        const draftKey = lesson ? `example:${lesson}:${codeHash(code)}` : undefined;
        setDoc((d) => ({ language, code, n: d.n + 1, ...(draftKey ? { draftKey } : {}) }));
        requestAnimationFrame(() => {
          editorRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
          editorRef.current?.focus({ preventScroll: true });
        });
      },
    }),
    [],
  );
  return { doc, editorRef, codeActions };
}
