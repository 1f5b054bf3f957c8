import type { Course } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen";
import { QueryState } from "../../components/query-state";
import { coursesQuery } from "../../lib/catalogue-api";
import { useSession } from "../../lib/session";
import { useSlot } from "../../lib/slots";
import { CourseCard } from "./components/course-card";
import "./courses.css";

export default function CoursesPage() {
  const PaymentModal = useSlot("PaymentModal");
  const { user } = useSession();
  const courses = useQuery(coursesQuery());
  const [upgrading, setUpgrading] = useState<Course | null>(null);

  useEffect(() => {
    if (courses.error) console.warn("Error fetching courses:", courses.error.message);
  }, [courses.error]);

  const premiumUnlocked = Boolean(user?.isPremium);

  return (
    <section className="container page courses-page">
      <header className="page-hero">
        <h1>Courses</h1>
        <p>Choose your quest. Free courses open at once; premium courses are unlocked for life with one payment.</p>
      </header>
      {/* The empty text is for an empty catalogue only; a failed request says so and offers Retry. */}
      <QueryState
        query={courses}
        loading={<LoadingScreen label="Loading courses" />}
        error="The courses could not be loaded. Check your connection and try again."
        isEmpty={(list) => list.length === 0}
        empty="No courses available yet. The king is preparing epic content for you!"
      >
        {(list) => (
          <div className="course-grid">
            {list.map((c) => (
              <CourseCard key={c._id} course={c} premiumUnlocked={premiumUnlocked} onUpgrade={setUpgrading} />
            ))}
          </div>
        )}
      </QueryState>
      {upgrading && <PaymentModal courseTitle={upgrading.title} onClose={() => setUpgrading(null)} />}
    </section>
  );
}
