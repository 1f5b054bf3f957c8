import { type Course, formatDuration } from "@koc/shared";
import { BookOpen, Clock, Gauge, Swords } from "lucide-react";
import "./course-meta.css";

/** A course card's facts: level, total time, lessons and trials (from the catalogue answer). */
export function CourseMeta({ course }: { course: Pick<Course, "level" | "minutes" | "lessonCount" | "trials"> }) {
  return (
    <ul className="course-meta" aria-label="Course facts">
      {course.level && (
        <li>
          <Gauge aria-hidden="true" size={16} /> {course.level}
        </li>
      )}
      {course.minutes !== undefined && (
        <li>
          <Clock aria-hidden="true" size={16} /> {formatDuration(course.minutes)}
        </li>
      )}
      <li>
        <BookOpen aria-hidden="true" size={16} /> {course.lessonCount} lessons
      </li>
      {course.trials !== undefined && (
        <li>
          <Swords aria-hidden="true" size={16} /> {course.trials} {course.trials === 1 ? "trial" : "trials"}
        </li>
      )}
    </ul>
  );
}
