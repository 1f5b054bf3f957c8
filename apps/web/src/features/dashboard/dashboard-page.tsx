import type { Course } from "@koc/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Crown, Swords } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useAlerts } from "../../components/alerts";
import { CourseMeta } from "../../components/course-meta";
import { DownloadMyData } from "../../components/download-my-data";
import { QueryError, QueryState } from "../../components/query-state";
import { StatCards } from "../../components/stat-cards";
import { UnenrollModal } from "../../components/unenroll-modal";
import { coursesQuery } from "../../lib/catalogue-api";
import { enrollmentsQuery, useEnroll, useUnenroll } from "../../lib/enrollments-api";
import { paths } from "../../lib/paths";
import { progressKey } from "../../lib/progress-keys";
import { progressListQuery } from "../../lib/progress-list";
import type { RecentCourse } from "../../lib/recent-courses";
import { useSession } from "../../lib/session";
import { useSlot } from "../../lib/slots";
import { readJson, removeKey } from "../../lib/storage";
import { storageKeys } from "../../lib/storage-keys";
import { ContinueCard, pickContinue } from "./components/continue-card";
import { DashboardTracker } from "./components/dashboard-tracker";
import { EnrolledCourseCard } from "./components/enrolled-course-card";
import { ReviewToday } from "./components/review-today";
import "./dashboard.css";

export default function DashboardPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="container page dashboard-login">
        <h1>Dashboard</h1>
        <p>Please login to access your dashboard</p>
        <Link to={paths.login} className="btn">
          Login
        </Link>
      </section>
    );
  }
  return <Dashboard name={user.name} email={user.email} isPremium={user.isPremium} />;
}

function Dashboard({ name, email, isPremium }: { name: string; email: string; isPremium: boolean }) {
  const TrialsPassed = useSlot("TrialsPassed");

  const MyCertificates = useSlot("MyCertificates");
  const ReferralSection = useSlot("ReferralSection");
  const InvoiceList = useSlot("InvoiceList");
  const UpgradeModal = useSlot("UpgradeModal");
  const { notify } = useAlerts();
  const courses = useQuery(coursesQuery());
  const enrollments = useQuery(enrollmentsQuery(email));
  const enroll = useEnroll(email);
  const unenroll = useUnenroll(email);
  const queryClient = useQueryClient();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [confirmUnenroll, setConfirmUnenroll] = useState<Course | null>(null);
  const enrolled = enrollments.data ?? [];
  const enrolledIds = new Set(enrolled.map((c) => c._id));
  const busyId = enroll.isPending ? enroll.variables?._id : unenroll.isPending ? unenroll.variables : undefined;
  const failed = (err: Error) => notify(err.message || "Something went wrong. Please try again.", "error");
  const recent = readJson<RecentCourse[]>(storageKeys.recentCourses, []);
  const continuing = pickContinue(enrolled, Array.isArray(recent) ? recent.map((c) => c._id) : []);

  // The same warning as the course page; nothing is deleted until "Yes, Unenroll". The server drops
  // the enrolment and the course's completions together; the browser's copy of them goes too.
  function confirmAndUnenroll(course: Course) {
    unenroll.mutate(course._id, {
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: progressKey(course._id) });
        removeKey(storageKeys.progress(course._id));
        removeKey(storageKeys.certificate(course._id));
        void queryClient.invalidateQueries({ queryKey: progressListQuery(email).queryKey });
        setConfirmUnenroll(null);
        notify(`Unenrolled from ${course.title}`, "info");
      },
      onError: (err) => {
        setConfirmUnenroll(null);
        failed(err);
      },
    });
  }

  function toggle(course: Course) {
    if (busyId) return;
    if (enrolledIds.has(course._id)) {
      setConfirmUnenroll(course);
    } else {
      enroll.mutate(course, {
        onSuccess: () => notify(`Successfully enrolled in ${course.title}!`, "success"),
        onError: failed,
      });
    }
  }

  return (
    <div className="container page dashboard">
      <header className="dashboard-welcome">
        <h1>
          Welcome back, <span className="dashboard-name">{name}</span>!
        </h1>
        <p>Your quest continues, warrior. Every lesson conquered brings you closer to the throne of King of Code.</p>
      </header>

      {continuing && <ContinueCard course={continuing} />}

      <ReviewToday email={email} />

      <StatCards
        label="Your kingdom at a glance"
        stats={[
          { icon: <BookOpen aria-hidden="true" />, value: courses.data?.length ?? "-", label: "Available Courses" },
          {
            icon: <Swords aria-hidden="true" />,
            value: enrollments.isError ? "-" : enrolled.length,
            label: "Enrolled Courses",
          },
          { icon: <Crown aria-hidden="true" />, value: isPremium ? "YES" : "NO", label: "Premium Member" },
        ]}
      />

      {isPremium ? (
        <p className="premium-banner" role="note">
          <Crown aria-hidden="true" /> Premium Member - Enjoy lifetime access to all premium features!
        </p>
      ) : (
        <section className="deal-banner" aria-label="24HR DEAL">
          <span className="deal-tag">24HR DEAL</span>
          <p>Lifetime premium for ₹100 instead of ₹9,999 a year: 99% off, for one day only.</p>
          <button type="button" className="btn deal-button" onClick={() => setUpgradeOpen(true)}>
            24hr Flash Deal - 100 Lifetime
          </button>
        </section>
      )}

      <section aria-labelledby="enrolled-title" className="dashboard-section">
        <h2 id="enrolled-title">My Enrolled Courses</h2>
        {enrollments.isError ? (
          <QueryError
            message="Your enrolled courses could not be loaded."
            onRetry={enrollments.refetch}
            retrying={enrollments.isFetching}
          />
        ) : enrolled.length === 0 ? (
          enrollments.isPending || enrollments.isPlaceholderData ? (
            <p role="status">Loading your courses...</p>
          ) : (
            <p className="empty-state">No enrolled courses yet</p>
          )
        ) : (
          <ul className="dashboard-grid">
            {enrolled.map((course) => (
              <EnrolledCourseCard key={course._id} course={course} />
            ))}
          </ul>
        )}
      </section>

      <DashboardTracker email={email} enrolled={enrolled} />

      <section aria-labelledby="available-title" className="dashboard-section">
        <h2 id="available-title">Available Courses</h2>
        <QueryState
          query={courses}
          loading="Loading courses..."
          error="The courses could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty="No courses available yet. The king is preparing epic content for you!"
        >
          {(available) => (
            <ul className="dashboard-grid">
              {available.map((course) => {
                const isEnrolled = enrolledIds.has(course._id);
                return (
                  <li key={course._id} className="card dashboard-course">
                    <h3>{course.title}</h3>
                    <p className="course-summary">{course.description}</p>
                    <span className="badge badge-steel">{course.category}</span>
                    <CourseMeta course={course} />
                    <button
                      type="button"
                      className={isEnrolled ? "btn btn-outline" : "btn"}
                      onClick={() => toggle(course)}
                      disabled={busyId === course._id}
                      aria-label={
                        isEnrolled ? `Enrolled in ${course.title}: click to unenroll` : `Enroll Now in ${course.title}`
                      }
                    >
                      {isEnrolled ? "Enrolled" : "Enroll Now"}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>

      <TrialsPassed email={email} />

      <MyCertificates email={email} />

      <ReferralSection email={email} />
      <InvoiceList />

      <section aria-labelledby="your-data-title" className="dashboard-section">
        <h2 id="your-data-title">Your Data</h2>
        <p>
          Your progress, attempts, certificates and payments, as one JSON file. To delete your account, visit{" "}
          <Link to={paths.account}>your account</Link>.
        </p>
        <DownloadMyData />
      </section>

      {upgradeOpen && <UpgradeModal onClose={() => setUpgradeOpen(false)} />}
      {confirmUnenroll && (
        <UnenrollModal
          courseTitle={confirmUnenroll.title}
          busy={unenroll.isPending}
          onCancel={() => setConfirmUnenroll(null)}
          onConfirm={() => confirmAndUnenroll(confirmUnenroll)}
        />
      )}
    </div>
  );
}
