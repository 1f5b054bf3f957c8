import { courseIdParams, errorBody, materialIdParams } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ForbiddenError } from "../../errors.js";
import { identify } from "../auth/authenticate.js";
import { sendPrepared } from "./prepared.js";
import { mayOpen, needsReader, PREMIUM_LESSON_MESSAGE } from "./service.js";

/**
 * The catalogue answers from memory: bytes prepared once per catalogue (JSON, gzip, brotli, a
 * strong ETag), so no serializer or compression runs here (`compress: false`). Only the answers
 * that depend on the caller (premium lessons past the free preview) look at the token at all.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // No access-log line for these public reads (errors are still logged): with the bytes prepared,
  // that line would be a third of each request's cost.
  const prepared = { compress: false, decompress: false, logLevel: "warn" } as const;

  app.get("/courses", { ...prepared }, async (request, reply) =>
    sendPrepared(request, reply, await app.catalogue.preparedCourses(), { cacheControl: "no-cache" }),
  );

  app.get(
    "/courses/:id",
    { ...prepared, schema: { params: courseIdParams, response: { 400: errorBody, 404: errorBody } } },
    async (request, reply) =>
      sendPrepared(request, reply, await app.catalogue.preparedCourse(request.params.id), { cacheControl: "no-cache" }),
  );

  // Optional authentication: in a premium course a signed-in learner's premium flag decides which lessons are open.
  app.get(
    "/materials/course/:id",
    { ...prepared, schema: { params: courseIdParams, response: { 400: errorBody, 404: errorBody } } },
    async (request, reply) => {
      const list = await app.catalogue.preparedLessonList(request.params.id);
      const reader = list.dependsOnReader ? await identify(app, request) : null;
      return sendPrepared(request, reply, list.forReader(reader), {
        cacheControl: "private, no-cache",
        vary: "Authorization",
      });
    },
  );

  app.get(
    "/materials/:id",
    {
      ...prepared,
      schema: { params: materialIdParams, response: { 400: errorBody, 403: errorBody, 404: errorBody } },
    },
    async (request, reply) => {
      const lesson = await app.catalogue.preparedLesson(request.params.id);
      // The premium flag is read from the database for every premium lesson, so a grant (or a
      // refund) counts at once, in every process; free lessons and the preview need no lookup.
      const reader = needsReader(lesson.access, lesson.position) ? await identify(app, request) : null;
      if (!mayOpen(lesson.access, lesson.position, reader)) throw new ForbiddenError(PREMIUM_LESSON_MESSAGE);
      // Personal answers (premium decides) must not be shared by caches.
      return sendPrepared(request, reply, lesson.prepared, {
        cacheControl: "private, max-age=300",
        vary: "Authorization",
      });
    },
  );
};
