import type { MaterialSummary } from "@koc/shared";
import { ArrowLeft, ArrowRight, Award } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";

interface LessonNavProps {
  courseId: string;
  previous: MaterialSummary | undefined;
  next: MaterialSummary | undefined;
}

/**
 * The end of an open lesson: Previous and "Next lesson: {title}", each the other lesson's address.
 * After the last lesson, Next leads to the course quiz and the certificate.
 */
export function LessonNav({ courseId, previous, next }: LessonNavProps) {
  return (
    <nav className="lesson-nav" aria-label="Lessons">
      {previous ? (
        <Link className="btn btn-outline lesson-nav-previous" to={paths.lesson(courseId, previous._id)}>
          <ArrowLeft aria-hidden="true" size={18} /> Previous
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="btn lesson-nav-next" to={paths.lesson(courseId, next._id)}>
          Next lesson: {next.title} <ArrowRight aria-hidden="true" size={18} />
        </Link>
      ) : (
        <Link className="btn lesson-nav-next" to={paths.courseQuiz(courseId)}>
          <Award aria-hidden="true" size={18} /> Next: Course Quiz and Certificate
        </Link>
      )}
    </nav>
  );
}
