/** Browser storage keys (spec section 3 and 9). */
export const storageKeys = {
  token: "token",
  user: "user",
  recentCourses: "recentCourses",
  progress: (courseId: string) => `progress_${courseId}`,
  certificate: (courseId: string) => `certificate_${courseId}`,
  enrollments: (email: string) => `enrolledCourses_${email.toLowerCase()}`,
  /** A visitor's signed quiz receipts, redeemed once they register or sign in. */
  quizReceipts: "quizReceipts",
} as const;
