/** The browser storage keys of the web app, in one place so no two features pick the same one. */
export const storageKeys = {
  token: "token",
  user: "user",
  recentCourses: "recentCourses",
  progress: (courseId: string) => `progress_${courseId}`,
  certificate: (courseId: string) => `certificate_${courseId}`,
  enrollments: (email: string) => `enrolledCourses_${email.toLowerCase()}`,
  /** A visitor's signed quiz receipts, redeemed once they register or sign in. */
  quizReceipts: "quizReceipts",
  /** A visitor's signed place on each trial's ladder of help ({exerciseId: token}), imported at sign-in. */
  trialHelp: "trialHelp",
  /** The editor's draft of a trial (`trial:{id}`) or an edited lesson example (`example:{lesson}:{hash}`). */
  draft: (key: string) => `draft_${key}`,
} as const;
