/** Every route of the app, in one typed place. */
export const paths = {
  home: "/",
  about: "/about",
  courses: "/courses",
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
  /** A course page with one lesson opened and scrolled to: the lesson's own address. */
  lesson: (courseId: string, materialId: string) =>
    `/course/${encodeURIComponent(courseId)}/lesson/${encodeURIComponent(materialId)}`,
  /** The lesson's address that also brings its first runnable example into view and focus. */
  lessonExample: (courseId: string, materialId: string) =>
    `/course/${encodeURIComponent(courseId)}/lesson/${encodeURIComponent(materialId)}?focus=example`,
  /** The route pattern of a lesson's address (router.tsx, the course page). */
  lessonPattern: "/course/:id/lesson/:materialId",
  /** The course page's course quiz block (the last lesson's Next leads there). */
  courseQuiz: (courseId: string) => `/course/${encodeURIComponent(courseId)}#course-quiz`,
  /** A trial opened again from its starter code (the review deck's trials): the lesson shows it, reset. */
  trialFromStarter: (courseId: string, materialId: string, exerciseId: string) =>
    `/course/${encodeURIComponent(courseId)}/lesson/${encodeURIComponent(materialId)}?trial=${encodeURIComponent(exerciseId)}&from=starter`,
  review: "/review",
  account: "/account",
  contact: "/contact",
  mentor: "/kattappa",
  mentorTest: "/kattappa-test",
  playground: "/playground",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  terms: "/terms",
  refundPolicy: "/refund-policy",
  shipping: "/shipping",
  privacy: "/privacy",
  verify: (code: string) => `/verify/${encodeURIComponent(code)}`,
} as const;

/** Navigation state of a move within a page that scrolls for itself (app/layout's ScrollToTop leaves it be). */
export const keepScroll = { keepScroll: true } as const;
