import { type Course, formatDuration, type MaterialSummary } from "@koc/shared";
import { BookOpen, Clock, Crown, Scroll } from "lucide-react";
import { useId, useState } from "react";

interface CourseHeaderProps {
  course: Course;
  materials: MaterialSummary[];
  onStart: () => void;
  onOpenMaterial: (id: string) => void;
}

export function CourseHeader({ course, materials, onStart, onOpenMaterial }: CourseHeaderProps) {
  const [showCurriculum, setShowCurriculum] = useState(false);
  const gridId = useId();
  return (
    <header className="course-header">
      <div className="course-header-badges">
        <span className="badge badge-free">FREE COURSE</span>
        <span className="badge badge-gold">
          <Crown aria-hidden="true" size={12} /> Premium Quality
        </span>
      </div>
      <h1>{course.title}</h1>
      <div className="course-description">
        {course.description.split(/\n\s*\n/).map((para) => (
          <p key={para.slice(0, 40)}>{para}</p>
        ))}
      </div>
      <dl className="course-facts">
        <div>
          <dt>Category</dt>
          <dd>{course.category}</dd>
        </div>
        <div>
          <dt>Access</dt>
          <dd>FREE ACCESS</dd>
        </div>
        <div>
          <dt>
            <Clock aria-hidden="true" size={16} /> Total time
          </dt>
          <dd>{formatDuration(materials.reduce((sum, m) => sum + m.minutes, 0))}</dd>
        </div>
        <div>
          <dt>
            <BookOpen aria-hidden="true" size={16} /> Lessons
          </dt>
          <dd>{materials.length} lessons</dd>
        </div>
      </dl>
      <div className="course-header-actions">
        <button type="button" className="btn" onClick={onStart}>
          Start Learning Now
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={showCurriculum}
          aria-controls={gridId}
          onClick={() => setShowCurriculum((s) => !s)}
        >
          <Scroll aria-hidden="true" size={18} /> {showCurriculum ? "Hide Curriculum" : "View Curriculum"}
        </button>
      </div>
      {showCurriculum && (
        <ol id={gridId} className="curriculum-grid" aria-label="Curriculum">
          {materials.map((m, i) => (
            <li key={m._id}>
              <button type="button" className="curriculum-tile" onClick={() => onOpenMaterial(m._id)}>
                <span className="curriculum-number">{i + 1}</span>
                <span className="curriculum-title">{m.title}</span>
                <span className="curriculum-meta">
                  <span className="badge badge-steel">{m.type}</span> {m.minutes} min
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </header>
  );
}
