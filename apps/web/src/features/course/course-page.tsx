import type { CourseProgress, MaterialDetail } from "@koc/shared";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { useDocumentHead } from "../../app/document-head";
import { courseHead, lessonHead } from "../../app/head";
import { useAlerts } from "../../components/alerts";
import { CodeActionsContext } from "../../components/code-block-run";
import { LazyCodeEditor } from "../../components/lazy-code-editor";
import { QueryError } from "../../components/query-state";
import { UnenrollModal } from "../../components/unenroll-modal";
import { isNotFound } from "../../lib/api-client";
import { courseQuery } from "../../lib/catalogue-api";
import { useUnenroll } from "../../lib/enrollments-api";
import { isLowData } from "../../lib/low-data";
import { useShareWithMentor } from "../../lib/mentor-context";
import { attemptEvents, type GradedEvent } from "../../lib/offline/attempts";
import { paths } from "../../lib/paths";
import { keepReceipt } from "../../lib/progress-sync";
import { recordRecentCourse } from "../../lib/recent-courses";
import { useSession } from "../../lib/session";
import { courseMaterialsQuery } from "./api/get-course-materials";
import { materialQuery } from "./api/get-material";
import { courseProgressQuery, saveNote, useSaveProgress } from "./api/save-progress";
import { CertificateDialog } from "./components/certificate-dialog";
import { CourseHeader } from "./components/course-header";
import { CourseQuizPanel } from "./components/course-quiz-panel";
import { KnowledgeQuizModal } from "./components/knowledge-quiz-modal";
import { MaterialRow } from "./components/material-row";
import { ProgressTracker } from "./components/progress-tracker";
import { SaveOffline } from "./components/save-offline";
import { useCertificateOnce } from "./hooks/use-certificate-once";
import { useCourseEditor } from "./hooks/use-course-editor";
import { useCourseProgress } from "./hooks/use-course-progress";
import { useCourseStart } from "./hooks/use-course-start";
import { useLessonAddress } from "./hooks/use-lesson-address";
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
  const materials = materialsResult.data ?? [];
  const loading = courseResult.isPending || materialsResult.isPending;
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

  const { expanded, unknown, focusExample, openLesson, toggleLesson } = useLessonAddress(id, materials);
  const openTitle = materials.find((m) => m._id === expanded)?.title;
  // The course's own title and description once its answer is at hand (the route's head is generic),
  // and the lesson's name in front while one is open.
  useDocumentHead(course ? (openTitle ? lessonHead(course, openTitle) : courseHead({ id }, () => course)) : undefined);
  useShareWithMentor({ courseId: id, materialId: expanded });
  const nextLesson = materials.find((m) => !progress.completed.includes(m._id));
  const { start, enrolled } = useCourseStart({ course, materials, nextLesson, openLesson });
  const editor = useCourseEditor(id, expanded);
  const [quizFor, setQuizFor] = useState<MaterialDetail | null>(null);
  const certificate = useCertificateOnce(id, materials, progress, quizFor !== null);
  const [confirmUnenroll, setConfirmUnenroll] = useState(false);

  // A passed trial: a signed-in learner's first pass adds xp on the server, so its record is read again.
  const onTrialPassed = useCallback(
    (firstPass: boolean) => {
      if (!user || !firstPass) return;
      void queryClient.invalidateQueries({ queryKey: courseProgressQuery(id, user.email).queryKey });
    },
    [id, user, queryClient],
  );

  useEffect(() => {
    const err = courseResult.error ?? materialsResult.error;
    if (err) console.warn("Error fetching course details:", err.message);
  }, [courseResult.error, materialsResult.error]);

  useEffect(() => {
    if (course) recordRecentCourse(course);
  }, [course]);

  // A quiz answered offline is graded once the connection returns: a grade of this course's topic is
  // recorded like one made online, and the server's record read again.
  useEffect(() => {
    const onGraded = (e: Event) => {
      const { attempt, result } = (e as CustomEvent<GradedEvent>).detail;
      const materialId = attempt.ref.materialId;
      if (!result || !materialId || !materials.some((m) => m._id === materialId)) return;
      recordQuiz(materialId, result.score);
      if (user) void queryClient.invalidateQueries({ queryKey: courseProgressQuery(id, user.email).queryKey });
    };
    attemptEvents.addEventListener("graded", onGraded);
    return () => attemptEvents.removeEventListener("graded", onGraded);
  }, [materials, recordQuiz, user, queryClient, id]);

  // The learner is likely to read on: fetch the next open lesson while they read this one (not in
  // the low-data setting).
  useEffect(() => {
    if (!expanded || isLowData()) return;
    const at = materials.findIndex((m) => m._id === expanded);
    const next = materials[at + 1];
    if (at >= 0 && next?.open) void queryClient.prefetchQuery(materialQuery(next._id, viewer));
  }, [expanded, materials, queryClient, viewer]);

  // Progress is reset and success announced only once the server has really removed the enrolment.
  const unenroll = () =>
    unenrollCall.mutate(id, {
      onSuccess: () => {
        reset();
        setConfirmUnenroll(false);
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
      {unknown && (
        <p className="form-message error lesson-unknown" role="alert">
          That lesson is not part of this course. Choose one from the Course Materials below.
        </p>
      )}
      <CourseHeader course={course} materials={materials} onStart={start} onOpenMaterial={openLesson} />
      {user && enrolled && !(course.access === "premium" && !user.isPremium) && (
        <SaveOffline course={course} materials={materials} owner={user.email} />
      )}
      <ProgressTracker
        progress={progress}
        total={materials.length}
        onUnenroll={enrolled ? () => setConfirmUnenroll(true) : undefined}
        saveNote={saveNote(save)}
        next={nextLesson && { title: nextLesson.title, to: paths.lesson(id, nextLesson._id) }}
      />
      <div id="course-editor" ref={editor.editorRef} tabIndex={-1} className="course-editor-anchor">
        <LazyCodeEditor
          key={editor.doc.n}
          language={editor.doc.language}
          initialCode={editor.doc.code}
          {...(editor.doc.draftKey ? { draftKey: editor.doc.draftKey } : {})}
        />
      </div>
      <div id="course-quiz" className="course-quiz-anchor">
        <CourseQuizPanel
          courseId={course._id}
          courseTitle={course.title}
          locked={course.access === "premium" && !user?.isPremium}
        />
      </div>
      <section className="course-materials" aria-labelledby="materials-title">
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
          <CodeActionsContext.Provider value={editor.codeActions}>
            <ol className="materials-list">
              {materials.map((m, i) => (
                <MaterialRow
                  key={m._id}
                  material={m}
                  viewer={viewer}
                  number={i + 1}
                  progress={progress}
                  expanded={expanded === m._id}
                  current={nextLesson?._id === m._id}
                  previous={materials[i - 1]}
                  next={materials[i + 1]}
                  onToggle={() => toggleLesson(m._id)}
                  onComplete={() => complete(m._id)}
                  onUncomplete={() => uncomplete(m._id)}
                  onTakeQuiz={(lesson) => setQuizFor(lesson)}
                  onTrialPassed={onTrialPassed}
                  focusFirstExample={focusExample && expanded === m._id}
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
      {certificate.openedOn && (
        <CertificateDialog
          userName={user?.name}
          courseId={course._id}
          courseTitle={course.title}
          completedOn={certificate.openedOn}
          onClose={certificate.close}
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
