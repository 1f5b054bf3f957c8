/** The learner's streak: consecutive calendar days with activity, in the learner's own time zone. */

/** True for an IANA zone name this runtime knows, e.g. "Asia/Kolkata". */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day ("YYYY-MM-DD") of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

const previousDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Days in a row with activity, ending today or yesterday (a streak is not lost before the day is
 * over); 0 when the last active day is older.
 */
export function dayStreak(activity: readonly Date[], now: Date, timeZone: string): number {
  const days = new Set(activity.map((a) => dayIn(a, timeZone)));
  let day = dayIn(now, timeZone);
  if (!days.has(day)) day = previousDay(day);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}
