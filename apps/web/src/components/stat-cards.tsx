import type { ReactNode } from "react";
import "./stat-cards.css";

export interface Stat {
  icon: ReactNode;
  value: ReactNode;
  label: string;
}

/** A row of figure cards (the dashboard's kingdom at a glance, the referral rewards). */
export function StatCards({ label, stats, className }: { label: string; stats: Stat[]; className?: string }) {
  return (
    <ul className={["stat-cards", className].filter(Boolean).join(" ")} aria-label={label}>
      {stats.map((s) => (
        <li key={s.label} className="card stat-card">
          {s.icon}
          <span className="stat-value">{s.value}</span>
          <span className="stat-label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
