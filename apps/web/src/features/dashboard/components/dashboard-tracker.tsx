import { type EnrolledCourse, levelFor, percentComplete } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { Crown, Flame, Star } from "lucide-react";
import { AchievementList } from "../../../components/achievement-list";
import { StatCards } from "../../../components/stat-cards";
import { progressListQuery } from "../../../lib/progress-list";

/**
 * The course page's tracker, over every course: xp added up (level from it), the longest running
 * streak (each course counts the same calendar days), and the achievements of all enrolled lessons
 * done as one campaign.
 */
export function DashboardTracker({ email, enrolled }: { email: string; enrolled: EnrolledCourse[] }) {
  const progress = useQuery(progressListQuery(email));
  const list = progress.data ?? [];
  const xp = list.reduce((sum, p) => sum + p.xp, 0);
  const streak = list.reduce((max, p) => Math.max(max, p.streak), 0);
  const done = enrolled.reduce((sum, c) => sum + (c.progress?.completed ?? 0), 0);
  const total = enrolled.reduce((sum, c) => sum + c.lessonCount, 0);
  const percent = percentComplete(done, total);
  const shown = (value: number) => (progress.isError ? "-" : progress.isPending ? "…" : value);
  return (
    <section className="dashboard-section" aria-labelledby="tracker-title">
      <h2 id="tracker-title">Your Campaign</h2>
      <StatCards
        label="Your progress over every course"
        stats={[
          { icon: <Star aria-hidden="true" />, value: shown(xp), label: "XP" },
          { icon: <Crown aria-hidden="true" />, value: shown(levelFor(xp)), label: "Level" },
          { icon: <Flame aria-hidden="true" />, value: shown(streak), label: "Streak" },
        ]}
      />
      <AchievementList percent={percent} />
    </section>
  );
}
