import {
  course,
  courseIdParams,
  courseList,
  errorBody,
  materialDetail,
  materialIdParams,
  materialList,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { identify } from "../auth/authenticate.js";

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/courses", { schema: { response: { 200: courseList } } }, () => app.catalogue.listCourses());

  app.get(
    "/courses/:id",
    { schema: { params: courseIdParams, response: { 200: course, 400: errorBody, 404: errorBody } } },
    (request) => app.catalogue.getCourse(request.params.id),
  );

  // Optional authentication: a signed-in learner's premium flag decides which lessons are open.
  app.get(
    "/materials/course/:id",
    { schema: { params: courseIdParams, response: { 200: materialList, 400: errorBody, 404: errorBody } } },
    async (request) => app.catalogue.listMaterials(request.params.id, await identify(app, request)),
  );

  app.get(
    "/materials/:id",
    {
      schema: {
        params: materialIdParams,
        response: { 200: materialDetail, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const reader = await identify(app, request);
      const lesson = await app.catalogue.getMaterial(request.params.id, reader);
      // Personal answers (premium decides) must not be shared by caches.
      reply.header("cache-control", "private, max-age=300");
      reply.header("vary", "authorization");
      return lesson;
    },
  );
};
