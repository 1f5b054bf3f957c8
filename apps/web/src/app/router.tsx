import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { NotFoundPage, RouteError } from "./route-error";

/** Route modules load lazily so the first page ships little JavaScript. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: "/", lazy: page(() => import("../features/home/home-page")) },
          { path: "/about", lazy: page(() => import("../features/about/about-page")) },
          { path: "/courses", lazy: page(() => import("../features/courses/courses-page")) },
          { path: "/course/:id", lazy: page(() => import("../features/course/course-page")) },
          { path: "/contact", lazy: page(() => import("../features/contact/contact-page")) },
          { path: "/kattappa", lazy: page(() => import("../features/mentor/mentor-page")) },
          { path: "/kattappa-test", lazy: page(() => import("../features/mentor/mentor-test-page")) },
          { path: "/playground", lazy: page(() => import("../features/code-editor/playground-page")) },
          { path: "/login", lazy: page(() => import("../features/auth/login-page")) },
          { path: "/register", lazy: page(() => import("../features/auth/register-page")) },
          { path: "/forgot-password", lazy: page(() => import("../features/auth/forgot-password-page")) },
          { path: "/reset-password", lazy: page(() => import("../features/auth/reset-password-page")) },
          { path: "/dashboard", lazy: page(() => import("../features/dashboard/dashboard-page")) },
          { path: "/verify/:code", lazy: page(() => import("../features/certificates/verify-page")) },
          { path: "/terms", lazy: page(() => import("../features/legal/terms-page")) },
          { path: "/refund-policy", lazy: page(() => import("../features/legal/refund-policy-page")) },
          { path: "/shipping", lazy: page(() => import("../features/legal/shipping-page")) },
          { path: "/privacy", lazy: page(() => import("../features/legal/privacy-page")) },
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
]);
