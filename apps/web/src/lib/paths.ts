/** Every route of the app, in one typed place. */
export const paths = {
  home: "/",
  about: "/about",
  courses: "/courses",
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
  /** A course page with one lesson opened (and scrolled to). */
  lesson: (courseId: string, materialId: string) =>
    `/course/${encodeURIComponent(courseId)}?lesson=${encodeURIComponent(materialId)}`,
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
