import type { Course } from "@koc/shared";
import { Crown } from "lucide-react";
import { Link } from "react-router";
import { CourseMeta } from "../../../components/course-meta";
import { paths } from "../../../lib/paths";

interface CourseCardProps {
  course: Course;
  premiumUnlocked: boolean;
  onUpgrade: (course: Course) => void;
}

export function CourseCard({ course, premiumUnlocked, onUpgrade }: CourseCardProps) {
  const free = course.access === "free";
  return (
    <article className="course-card card">
      <div className="course-card-top">
        {premiumUnlocked ? (
          <span className="badge badge-premium">PREMIUM</span>
        ) : free ? (
          <span className="badge badge-free">FREE</span>
        ) : (
          <span className="badge badge-premium">PREMIUM</span>
        )}
        <span className="course-card-category">{course.category}</span>
      </div>
      <h2 className="course-card-title">
        <Link to={paths.course(course._id)}>{course.title}</Link>
      </h2>
      <p className="course-card-desc">{course.description.split("\n")[0]}</p>
      <CourseMeta course={course} />
      <div className="course-card-actions">
        {premiumUnlocked ? (
          <Link className="btn" to={paths.course(course._id)} aria-label={`Access Premium: ${course.title}`}>
            <Crown aria-hidden="true" size={18} /> Access Premium
          </Link>
        ) : free ? (
          <Link className="btn" to={paths.course(course._id)} aria-label={`Start Free: ${course.title}`}>
            Start Free
          </Link>
        ) : (
          <>
            <Link className="btn btn-outline" to={paths.course(course._id)} aria-label={`Preview ${course.title}`}>
              Preview
            </Link>
            <button
              type="button"
              className="btn"
              onClick={() => onUpgrade(course)}
              aria-label={`Upgrade to unlock ${course.title}`}
            >
              Upgrade
            </button>
          </>
        )}
      </div>
    </article>
  );
}
