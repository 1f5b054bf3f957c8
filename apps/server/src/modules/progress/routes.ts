import {
  courseIdParams,
  courseProgressBody,
  errorBody,
  progressQuery,
  storedCourseProgress,
  storedCourseProgressList,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../auth/authenticate.js";

/** The caller's progress only; registered inside the authenticated user scope. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/progress",
    {
      schema: {
        querystring: progressQuery,
        response: { 200: storedCourseProgressList, 400: errorBody, 401: errorBody },
      },
    },
    (request) => app.progress.list(currentUser(request).id, request.query.timeZone),
  );

  app.get(
    "/progress/:id",
    {
      schema: {
        params: courseIdParams,
        querystring: progressQuery,
        response: { 200: storedCourseProgress, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => app.progress.get(currentUser(request).id, request.params.id, request.query.timeZone),
  );

  app.put(
    "/progress/:id",
    {
      schema: {
        params: courseIdParams,
        querystring: progressQuery,
        body: courseProgressBody,
        response: { 200: storedCourseProgress, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => app.progress.put(currentUser(request).id, request.params.id, request.body, request.query.timeZone),
  );

  app.post(
    "/courses/:id/restart",
    {
      schema: {
        params: courseIdParams,
        querystring: progressQuery,
        response: { 200: storedCourseProgress, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => app.progress.restart(currentUser(request).id, request.params.id, request.query.timeZone),
  );
};
