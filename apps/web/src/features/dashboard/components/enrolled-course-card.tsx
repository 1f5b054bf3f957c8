import { type EnrolledCourse, percentComplete } from "@koc/shared";
import { Link } from "react-router";
import { CourseMeta } from "../../../components/course-meta";
import { ProgressBar } from "../../../components/progress-bar";
import { paths } from "../../../lib/paths";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

/** Where Continue Learning leads: the first lesson not yet completed, or the certificate once all are. */
export function continueTarget(course: EnrolledCourse): { to: string; label: string } {
  const next = course.progress?.next;
  if (next) return { to: paths.lesson(course._id, next._id), label: "Continue Learning" };
  if (course.progress && course.lessonCount > 0)
    return { to: `${paths.course(course._id)}#certificate`, label: "View Certificate" };
  return { to: paths.course(course._id), label: "Continue Learning" };
}

/** An enrolled course: how far the learner is (percent, lessons done of the total), and what comes next. */
export function EnrolledCourseCard({ course }: { course: EnrolledCourse }) {
  const done = course.progress?.completed ?? 0;
  const percent = percentComplete(done, course.lessonCount);
  const next = course.progress?.next;
  const target = continueTarget(course);
  return (
    <li className="card dashboard-course enrolled-course">
      <h3>{course.title}</h3>
      <p className="enrolled-date">Enrolled on {dateFormat.format(new Date(course.enrolledAt))}</p>
      <CourseMeta course={course} />
      <ProgressBar percent={percent} label={`${course.title}: ${percent}% complete`} />
      <p className="enrolled-progress">
        {percent}% · {done} of {course.lessonCount} lessons done
      </p>
      {next && <p className="enrolled-next">Next lesson: {next.title}</p>}
      <Link to={target.to} className="btn" aria-label={`${target.label}: ${course.title}`}>
        {target.label}
      </Link>
    </li>
  );
}
