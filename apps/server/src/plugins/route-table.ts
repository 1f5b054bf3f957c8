import type { FastifyInstance } from "fastify";

/** One route as registered: the standing fuzz and authorisation tests walk these, so new routes are covered. */
export interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route of the app with its request schemas (filled as routes are registered). */
    routeTable: RouteInfo[];
  }
}

/** Records every route registered after it (root hooks are inherited by every child scope). */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteInfo[] = [];
  app.decorate("routeTable", routes);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      routes.push({ method, url: route.url, schema: route.schema as RouteInfo["schema"] });
    }
  });
}
