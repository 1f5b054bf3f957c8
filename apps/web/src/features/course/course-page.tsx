import type { Course, MaterialDetail } from "@koc/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useParams } from "react-router";
import { useAlerts } from "../../components/alerts";
import { CodeActionsContext } from "../../components/code-block-run";
import { LazyCodeEditor } from "../../components/lazy-code-editor";
import { PageHeadTags } from "../../components/page-head";
import { QueryError } from "../../components/query-state";
import { UnenrollModal } from "../../components/unenroll-modal";
import { isNotFound } from "../../lib/api-client";
import { useUnenroll } from "../../lib/enrollments-api";
import { useShareWithMentor } from "../../lib/mentor-context";
import { paths } from "../../lib/paths";
import { progressKey } from "../../lib/progress-keys";
import { keepReceipt } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";
import { useSlot } from "../../lib/slots";
import { useRestartCourse } from "./api/restart-course";
import { saveNote } from "./api/save-progress";
import { CourseHeader } from "./components/course-header";
import { CourseQuizPanel } from "./components/course-quiz-panel";
import { KnowledgeQuizModal } from "./components/knowledge-quiz-modal";
import { MaterialRow } from "./components/material-row";
import { ProgressTracker } from "./components/progress-tracker";
import { RestartCourseModal } from "./components/restart-course-modal";
import { SaveOffline } from "./components/save-offline";
import { courseHead, lessonHead } from "./course-head";
import { useCertificateOnce } from "./hooks/use-certificate-once";
import { useCourse, useOfflineGrades, usePrefetchNextLesson } from "./hooks/use-course";
import { useCourseEditor } from "./hooks/use-course-editor";
import { useCourseProgress } from "./hooks/use-course-progress";
import { useCourseStart } from "./hooks/use-course-start";
import { useLessonAddress } from "./hooks/use-lesson-address";
import "./course.css";

/** The course's own title and description once its answer is at hand, with the open lesson's name in front. */
function CourseHeadTags({ course, lessonTitle }: { course: Course | undefined; lessonTitle: string | undefined }) {
  return <PageHeadTags head={course && lessonTitle ? lessonHead(course, lessonTitle) : courseHead(course)} />;
}

export default function CoursePage() {
  const CertificateDialog = useSlot("CertificateDialog");
  const { id = "" } = useParams();
  const { user } = useSession();
  const { notify } = useAlerts();
  const viewer = user ? (user.isPremium ? "premium" : "free") : "visitor";
  const queryClient = useQueryClient();
  const { course, courseResult, materials, materialsResult, loading } = useCourse(id, viewer);
  const unenrollCall = useUnenroll(user?.email ?? "");
  // Saved in the browser and, for a signed-in learner, on the server too (in order, retried, rolled
  // back if refused).
  const { progress, save, complete, uncomplete, recordQuiz, reset } = useCourseProgress(id, Boolean(user));

  const { expanded, unknown, focusExample, openLesson, toggleLesson } = useLessonAddress(id, materials);
  const openTitle = materials.find((m) => m._id === expanded)?.title;
  useShareWithMentor({ courseId: id, materialId: expanded });
  usePrefetchNextLesson(expanded, materials, viewer);
  useOfflineGrades(id, materials, recordQuiz, Boolean(user));
  const nextLesson = materials.find((m) => !progress.completed.includes(m._id));
  const { start, enrolled } = useCourseStart({ course, materials, nextLesson, openLesson });
  const editor = useCourseEditor(id, expanded);
  const [quizFor, setQuizFor] = useState<MaterialDetail | null>(null);
  const certificate = useCertificateOnce(id, materials, progress, quizFor !== null);
  const [confirmUnenroll, setConfirmUnenroll] = useState(false);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const restartCall = useRestartCourse(id, user?.email ?? "");

  // A passed trial: a signed-in learner's first pass adds xp on the server, so their progress is read again.
  const onTrialPassed = useCallback(
    (firstPass: boolean) => {
      if (user && firstPass) void queryClient.invalidateQueries({ queryKey: progressKey(id) });
    },
    [id, user, queryClient],
  );

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

  // Nothing is reset until the server has reset it; its empty record then replaces this page's.
  const restart = () =>
    restartCall.mutate(undefined, {
      onSuccess: () => {
        setConfirmRestart(false);
        notify(`A fresh campaign begins: ${course?.title ?? "the course"} is back at 0%.`, "success");
      },
    });

  const head = <CourseHeadTags course={course} lessonTitle={openTitle} />;
  if (loading) {
    return (
      <section className="container page" aria-busy="true">
        {head}
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
        {head}
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
      {head}
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
        onRestart={
          enrolled && user
            ? () => {
                restartCall.reset();
                setConfirmRestart(true);
              }
            : undefined
        }
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
      {confirmRestart && (
        <RestartCourseModal
          courseTitle={course.title}
          completed={progress.completed.length}
          xp={progress.xp}
          busy={restartCall.isPending}
          error={
            restartCall.isError
              ? `Could not start over (${restartCall.error.message.replace(/\.$/, "")}). Your progress is unchanged.`
              : undefined
          }
          onCancel={() => setConfirmRestart(false)}
          onConfirm={restart}
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
