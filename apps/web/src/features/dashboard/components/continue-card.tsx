import { type EnrolledCourse, percentComplete } from "@koc/shared";
import { Link } from "react-router";
import { ProgressBar } from "../../../components/progress-bar";
import { paths } from "../../../lib/paths";

/**
 * The dashboard's first word to a learner with progress: "Continue: {course} — {lesson}", the course
 * they opened last among those they have started and not finished (else the first such course).
 */
export function pickContinue(enrolled: EnrolledCourse[], recentIds: string[]): EnrolledCourse | undefined {
  const going = enrolled.filter((c) => c.progress?.next && c.progress.completed > 0);
  const rank = (c: EnrolledCourse) => {
    const at = recentIds.indexOf(c._id);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return [...going].sort((a, b) => rank(a) - rank(b))[0];
}

export function ContinueCard({ course }: { course: EnrolledCourse }) {
  const next = course.progress?.next;
  if (!next || !course.progress) return null;
  const percent = percentComplete(course.progress.completed, course.lessonCount);
  return (
    <section className="card continue-card" aria-labelledby="continue-title">
      <h2 id="continue-title">
        <Link to={paths.lesson(course._id, next._id)}>
          Continue: {course.title} — {next.title}
        </Link>
      </h2>
      <ProgressBar percent={percent} label={`${course.title}: ${percent}% complete`} />
      <p className="enrolled-progress">
        {percent}% · {course.progress.completed} of {course.lessonCount} lessons done
      </p>
    </section>
  );
}
