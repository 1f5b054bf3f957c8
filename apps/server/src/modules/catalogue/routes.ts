import { course, courseIdParams, courseList, errorBody, materialList } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/courses", { schema: { response: { 200: courseList } } }, () => app.catalogue.listCourses());

  app.get(
    "/courses/:id",
    { schema: { params: courseIdParams, response: { 200: course, 400: errorBody, 404: errorBody } } },
    (request) => app.catalogue.getCourse(request.params.id),
  );

  app.get(
    "/materials/course/:id",
    { schema: { params: courseIdParams, response: { 200: materialList, 400: errorBody, 404: errorBody } } },
    (request) => app.catalogue.listMaterials(request.params.id),
  );
};
