import { achievementsFor } from "@koc/shared";
import { Award } from "lucide-react";
import "./achievement-list.css";

/** The four achievements (shared rules) for a completion percentage, each marked unlocked or locked. */
export function AchievementList({ percent }: { percent: number }) {
  return (
    <ul className="achievements" aria-label="Achievements">
      {achievementsFor(percent).map((a) => (
        <li key={a.name} className={a.unlocked ? "achievement unlocked" : "achievement"}>
          <Award aria-hidden="true" size={18} />
          <span>{a.name}</span>
          <span className="achievement-threshold">
            {a.threshold}%{a.unlocked ? " · unlocked" : " · locked"}
          </span>
        </li>
      ))}
    </ul>
  );
}
