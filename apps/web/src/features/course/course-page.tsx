import {
  type CourseProgress,
  DEFAULT_JAVA_VERSION,
  editorLanguageFor,
  type MaterialDetail,
  storageKeys,
} from "@koc/shared";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useDocumentHead } from "../../app/document-head";
import { courseHead } from "../../app/head";
import { useAlerts } from "../../components/alerts";
import { type CodeActions, CodeActionsContext, type RunnableLanguage } from "../../components/code-block-run";
import { LazyCodeEditor } from "../../components/lazy-code-editor";
import { QueryError } from "../../components/query-state";
import { isNotFound } from "../../lib/api-client";
import { courseQuery } from "../../lib/catalogue-api";
import { codeHash } from "../../lib/drafts";
import { enrollmentsQuery, useUnenroll } from "../../lib/enrollments-api";
import { useShareWithMentor } from "../../lib/mentor-context";
import { keepReceipt } from "../../lib/progress-sync";
import { recordRecentCourse } from "../../lib/recent-courses";
import { useSession } from "../../lib/session";
import { readJson, writeJson } from "../../lib/storage";
import { courseMaterialsQuery } from "./api/get-course-materials";
import { materialQuery } from "./api/get-material";
import { courseProgressQuery, saveNote, useSaveProgress } from "./api/save-progress";
import { CertificateDialog } from "./components/certificate-dialog";
import { CourseHeader } from "./components/course-header";
import { CourseQuizPanel } from "./components/course-quiz-panel";
import { KnowledgeQuizModal } from "./components/knowledge-quiz-modal";
import { MaterialRow } from "./components/material-row";
import { ProgressTracker } from "./components/progress-tracker";
import { UnenrollModal } from "./components/unenroll-modal";
import { useCourseProgress } from "./hooks/use-course-progress";
import "./course.css";

export default function CoursePage() {
  const { id = "" } = useParams();
  const { user } = useSession();
  const { notify } = useAlerts();
  const viewer = user ? (user.isPremium ? "premium" : "free") : "visitor";
  const queryClient = useQueryClient();
  const [courseResult, materialsResult] = useQueries({
    queries: [courseQuery(id), courseMaterialsQuery(id, viewer)],
  });
  const course = courseResult.data;
  // The course's own title and description, once its answer is at hand (the route's head is generic).
  useDocumentHead(course ? courseHead({ id }, () => course) : undefined);
  const materials = materialsResult.data ?? [];
  const loading = courseResult.isPending || materialsResult.isPending;
  const enrollments = useQuery({ ...enrollmentsQuery(user?.email ?? ""), enabled: Boolean(user) });
  const unenrollCall = useUnenroll(user?.email ?? "");

  // Every change is saved in the browser and, for a logged-in learner, on the server too (in order,
  // retried, rolled back if refused); the server's answer then replaces the browser's cache.
  const email = user?.email ?? "";
  const adoptRef = useRef<(p: CourseProgress) => void>(() => undefined);
  const save = useSaveProgress(id, email, (server) => adoptRef.current(server));
  const signedIn = Boolean(user);
  const { progress, complete, uncomplete, recordQuiz, reset, adopt } = useCourseProgress(id, (next, previous) => {
    if (signedIn) save.mutate({ next, previous });
  });
  adoptRef.current = adopt;

  // The server's record, merged with the browser's when the course opens (another device may have
  // completed topics since login).
  const serverProgress = useQuery({ ...courseProgressQuery(id, email), enabled: signedIn });
  const pulled = serverProgress.isFetchedAfterMount ? serverProgress.data : undefined;
  useEffect(() => {
    if (pulled) adopt(pulled);
  }, [pulled, adopt]);
  const [expanded, setExpanded] = useState<string | null>(null);
  useShareWithMentor({ courseId: id, materialId: expanded });
  const [quizFor, setQuizFor] = useState<MaterialDetail | null>(null);
  const [certificateOpen, setCertificateOpen] = useState<Date | null>(null);
  const [confirmUnenroll, setConfirmUnenroll] = useState(false);
  const materialsRef = useRef<HTMLElement>(null);

  // The editor starts in the course's language (Python for the Python course); "Edit" on a lesson
  // example opens it in the page's editor panel (a fresh panel per example).
  const courseLanguage = editorLanguageFor(id);
  const [editorDoc, setEditorDoc] = useState<{
    language: RunnableLanguage;
    code: string;
    n: number;
    draftKey?: string;
  }>({
    language: courseLanguage,
    code: "",
    n: 0,
  });
  useEffect(() => {
    setEditorDoc((d) =>
      d.language === courseLanguage && d.code === "" ? d : { language: courseLanguage, code: "", n: d.n + 1 },
    );
  }, [courseLanguage]);
  // Opening a lesson of a Python course starts Pyodide in its worker at once, so the first Run of an
  // example (or of the editor) costs little more than the program itself.
  useEffect(() => {
    if (courseLanguage !== "python" || !expanded) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import("../code-editor/run-python").then(({ preloadPython }) => {
      if (live) stop = preloadPython(() => undefined);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [courseLanguage, expanded]);
  const editorRef = useRef<HTMLDivElement>(null);
  // An edited example keeps its draft per lesson and example (lib/drafts).
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const codeActions = useMemo<CodeActions>(
    () => ({
      javaVersion: DEFAULT_JAVA_VERSION,
      onEdit: (language, code) => {
        const lesson = expandedRef.current;
        const draftKey = lesson ? `example:${lesson}:${codeHash(code)}` : undefined;
        setEditorDoc((d) => ({ language, code, n: d.n + 1, ...(draftKey ? { draftKey } : {}) }));
        requestAnimationFrame(() => {
          editorRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
          editorRef.current?.focus({ preventScroll: true });
        });
      },
    }),
    [],
  );

  // A passed trial: a signed-in learner's first pass adds xp on the server, so its record is read again.
  const onTrialPassed = useCallback(
    (firstPass: boolean) => {
      if (!user || !firstPass) return;
      void queryClient.invalidateQueries({ queryKey: courseProgressQuery(id, user.email).queryKey });
    },
    [id, user, queryClient],
  );

  // ?lesson={materialId} (the home page's "run your first program", a lesson Kattappa cites) opens that
  // lesson at its first example. A new value opens its lesson too: Kattappa's panel, open on this very
  // course page, may cite another lesson of it.
  const [searchParams] = useSearchParams();
  const deepLesson = searchParams.get("lesson");
  const [focusLesson, setFocusLesson] = useState<string | null>(null);
  const deepLinked = useRef<string | null>(null);
  useEffect(() => {
    if (!deepLesson || deepLinked.current === deepLesson || materials.length === 0) return;
    deepLinked.current = deepLesson;
    if (!materials.some((m) => m._id === deepLesson)) return;
    setExpanded(deepLesson);
    setFocusLesson(deepLesson);
    // The lesson's row comes into view at once; its first example (if it has one) then takes focus.
    requestAnimationFrame(() => document.getElementById(`material-${deepLesson}`)?.scrollIntoView({ block: "start" }));
  }, [deepLesson, materials]);

  useEffect(() => {
    const err = courseResult.error ?? materialsResult.error;
    if (err) console.warn("Error fetching course details:", err.message);
  }, [courseResult.error, materialsResult.error]);

  useEffect(() => {
    if (course) recordRecentCourse(course);
  }, [course]);

  // The certificate dialog opens once, when every lesson is complete and the flag is unset
  // (after the quiz overlay that completed the last lesson has closed).
  useEffect(() => {
    if (materials.length === 0 || quizFor) return;
    const ids = new Set(materials.map((m) => m._id));
    const done = progress.completed.filter((c) => ids.has(c)).length;
    if (done === materials.length && !readJson<boolean>(storageKeys.certificate(id), false)) {
      writeJson(storageKeys.certificate(id), true);
      setCertificateOpen(new Date());
    }
  }, [progress.completed, materials, id, quizFor]);

  // The learner is likely to read on: fetch the next open lesson while they read this one.
  useEffect(() => {
    if (!expanded) return;
    const at = materials.findIndex((m) => m._id === expanded);
    const next = materials[at + 1];
    if (at >= 0 && next?.open) void queryClient.prefetchQuery(materialQuery(next._id, viewer));
  }, [expanded, materials, queryClient, viewer]);

  const openMaterial = useCallback((materialId: string) => {
    setExpanded(materialId);
    requestAnimationFrame(() =>
      document.getElementById(`material-${materialId}`)?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
  }, []);

  const enrolled = Boolean(enrollments.data?.some((c) => c._id === id));

  // Progress is reset and success announced only once the server has really removed the enrolment.
  const unenroll = () =>
    unenrollCall.mutate(id, {
      onSuccess: () => {
        reset();
        setConfirmUnenroll(false);
        setExpanded(null);
        notify("Successfully unenrolled from course. All progress has been reset.", "success");
      },
      onError: (err) => {
        setConfirmUnenroll(false);
        notify(`Could not unenroll: ${err.message}. Your progress is unchanged.`, "error");
      },
    });

  if (loading) {
    return (
      <section className="container page" aria-busy="true">
        <p className="course-state" role="status">
          Loading course...
        </p>
      </section>
    );
  }
  if (!course) {
    // "Course not found" is for a course that does not exist; a failed request says so and offers Retry.
    return (
      <section className="container page">
        {isNotFound(courseResult.error) ? (
          <h1 className="course-state">Course not found</h1>
        ) : (
          <>
            <h1 className="course-state">Course</h1>
            <QueryError
              message="The course could not be loaded. Check your connection and try again."
              onRetry={() => Promise.all([courseResult.refetch(), materialsResult.refetch()])}
              retrying={courseResult.isFetching}
            />
          </>
        )}
      </section>
    );
  }

  return (
    <div className="container page course-page">
      <CourseHeader
        course={course}
        materials={materials}
        onStart={() => materialsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" })}
        onOpenMaterial={openMaterial}
      />
      <ProgressTracker
        progress={progress}
        total={materials.length}
        onUnenroll={enrolled ? () => setConfirmUnenroll(true) : undefined}
        saveNote={saveNote(save)}
      />
      <div id="course-editor" ref={editorRef} tabIndex={-1} className="course-editor-anchor">
        <LazyCodeEditor
          key={editorDoc.n}
          language={editorDoc.language}
          initialCode={editorDoc.code}
          {...(editorDoc.draftKey ? { draftKey: editorDoc.draftKey } : {})}
        />
      </div>
      <CourseQuizPanel
        courseId={course._id}
        courseTitle={course.title}
        locked={course.access === "premium" && !user?.isPremium}
      />
      <section ref={materialsRef} className="course-materials" aria-labelledby="materials-title">
        <h2 id="materials-title">Course Materials</h2>
        {materialsResult.isError ? (
          <QueryError
            message="The course materials could not be loaded."
            onRetry={materialsResult.refetch}
            retrying={materialsResult.isFetching}
          />
        ) : materials.length === 0 ? (
          <p className="empty-state">No materials available yet.</p>
        ) : (
          <CodeActionsContext.Provider value={codeActions}>
            <ol className="materials-list">
              {materials.map((m, i) => (
                <MaterialRow
                  key={m._id}
                  material={m}
                  viewer={viewer}
                  number={i + 1}
                  progress={progress}
                  expanded={expanded === m._id}
                  onToggle={() => {
                    setFocusLesson(null);
                    setExpanded((e) => (e === m._id ? null : m._id));
                  }}
                  onComplete={() => complete(m._id)}
                  onUncomplete={() => uncomplete(m._id)}
                  onTakeQuiz={(lesson) => setQuizFor(lesson)}
                  onTrialPassed={onTrialPassed}
                  focusFirstExample={focusLesson === m._id}
                />
              ))}
            </ol>
          </CodeActionsContext.Provider>
        )}
      </section>
      {quizFor && (
        <KnowledgeQuizModal
          key={quizFor._id}
          materialId={quizFor._id}
          title={quizFor.title}
          questions={quizFor.quiz}
          onGraded={(result) => {
            // A visitor's pass travels as a signed receipt until they register or sign in.
            if (result.receipt && !user) keepReceipt(result.receipt);
            recordQuiz(quizFor._id, result.score);
          }}
          onClose={() => setQuizFor(null)}
        />
      )}
      {certificateOpen && (
        <CertificateDialog
          userName={user?.name}
          courseId={course._id}
          courseTitle={course.title}
          completedOn={certificateOpen}
          onClose={() => setCertificateOpen(null)}
        />
      )}
      {confirmUnenroll && (
        <UnenrollModal
          courseTitle={course.title}
          busy={unenrollCall.isPending}
          onCancel={() => setConfirmUnenroll(false)}
          onConfirm={unenroll}
        />
      )}
    </div>
  );
}
