import type { Course } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LoadingScreen } from "../../components/loading-screen";
import { coursesQuery } from "../../lib/catalogue-api";
import { useSession } from "../../lib/session";
import { CourseCard } from "./components/course-card";
import { PaymentModal } from "./components/payment-modal";
import "./courses.css";

export default function CoursesPage() {
  const { user } = useSession();
  const { data, isPending, error } = useQuery(coursesQuery());
  const [upgrading, setUpgrading] = useState<Course | null>(null);

  useEffect(() => {
    // Spec: a failed course list is logged only; loading ends with an empty list.
    if (error) console.warn("Error fetching courses:", error.message);
  }, [error]);

  const courses = data ?? [];
  const premiumUnlocked = Boolean(user?.isPremium);

  return (
    <section className="container page courses-page">
      <header className="page-hero">
        <h1>Courses</h1>
        <p>Choose your quest. Free courses open at once; premium courses are unlocked for life with one payment.</p>
      </header>
      {isPending ? (
        <LoadingScreen label="Loading courses" />
      ) : courses.length === 0 ? (
        <p className="empty-state">No courses available yet. The king is preparing epic content for you!</p>
      ) : (
        <div className="course-grid">
          {courses.map((c) => (
            <CourseCard key={c._id} course={c} premiumUnlocked={premiumUnlocked} onUpgrade={setUpgrading} />
          ))}
        </div>
      )}
      {upgrading && <PaymentModal courseTitle={upgrading.title} onClose={() => setUpgrading(null)} />}
    </section>
  );
}
