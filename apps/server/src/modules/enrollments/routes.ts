import { courseIdParams, enrolledCourse, enrolledCourseList, errorBody, noContent } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/authenticate.js";

/** The caller's enrolments only; registered inside the authenticated user scope. */
export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/enrollments", { schema: { response: { 200: enrolledCourseList, 401: errorBody } } }, (request) =>
    app.enrollments.list(currentUser(request).id),
  );

  app.put(
    "/enrollments/:id",
    {
      schema: {
        params: courseIdParams,
        response: {
          200: enrolledCourse,
          201: enrolledCourse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, course } = await app.enrollments.enroll(currentUser(request).id, request.params.id);
      return reply.status(created ? 201 : 200).send(course);
    },
  );

  app.delete(
    "/enrollments/:id",
    { schema: { params: courseIdParams, response: { 204: noContent, 400: errorBody, 401: errorBody } } },
    async (request, reply) => {
      await app.enrollments.unenroll(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
