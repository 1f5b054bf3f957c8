import { paymentMode } from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Public: which checkout this server takes. It reveals no key, only whether payments are possible. */
export const paymentModeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/payment/mode", { schema: { response: { 200: paymentMode } } }, () => ({
    mode: app.payments.mode ?? ("off" as const),
  }));
};
