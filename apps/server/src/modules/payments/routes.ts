import {
  createOrderRequest,
  createOrderResponse,
  errorBody,
  invoiceIdParams,
  paymentHistory,
  testCheckoutFailure,
  testCheckoutRequest,
  verifyPaymentRequest,
  verifyPaymentResponse,
} from "@koc/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.js";
import { renderInvoicePdf, sellerOf } from "./invoice-pdf.js";

const checkoutResult = verifyPaymentRequest;

/** The learner's payment calls; registered inside the authenticated user scope. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/payment/create-order",
    {
      schema: {
        body: createOrderRequest,
        response: {
          200: createOrderResponse,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    (request) => app.payments.createOrder(currentUser(request).id),
  );

  app.post(
    "/payment/verify-payment",
    {
      schema: {
        body: verifyPaymentRequest,
        response: { 200: verifyPaymentResponse, 400: errorBody, 401: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    (request) => app.payments.verify(currentUser(request).id, request.body),
  );

  app.get("/payment/history", { schema: { response: { 200: paymentHistory, 401: errorBody } } }, (request) =>
    app.payments.history(currentUser(request).id),
  );

  app.get(
    "/payment/invoices/:invoiceId",
    {
      schema: {
        params: invoiceIdParams,
        // 200 is the PDF's bytes (a Buffer is sent as it is, never serialised).
        response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const invoice = await app.payments.invoice(currentUser(request).id, request.params.invoiceId);
      const pdf = await renderInvoicePdf(invoice, sellerOf(app.config));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="kingdom-of-code-${invoice.id}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );

  // The test checkout's dialog (no Razorpay keys): it plays the part of Razorpay's checkout servers.
  app.post(
    "/payment/test-checkout/pay",
    {
      schema: {
        body: testCheckoutRequest,
        response: { 200: checkoutResult, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    (request) => app.payments.testCheckoutPay(currentUser(request).id, request.body.order_id),
  );
  app.post(
    "/payment/test-checkout/fail",
    {
      schema: {
        body: testCheckoutRequest,
        response: { 200: testCheckoutFailure, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    (request) => app.payments.testCheckoutFail(currentUser(request).id, request.body.order_id),
  );
};

/**
 * Razorpay's webhook, public and in its own scope: the only route whose JSON body is kept as raw bytes,
 * because the signature is over the bytes Razorpay sent, never over re-serialised JSON.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 262_144 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    "/payment/webhook",
    { schema: { response: { 200: z.object({ status: z.string() }), 400: errorBody, 404: errorBody } } },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw Object.assign(new Error("body: must be JSON"), { statusCode: 400 });
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === "string" ? v : undefined;
      };
      return app.paymentWebhook(request.body, header("x-razorpay-signature"), header("x-razorpay-event-id"));
    },
  );
};
