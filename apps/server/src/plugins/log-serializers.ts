import type { FastifyRequest } from "fastify";

/** The path of a URL without its query string or fragment (reset tokens travel in the query). */
export const pathOnly = (url: string): string => url.replace(/[?#].*$/s, "");

/** Fastify's request serializer, minus the query string: what the request log prints for each request. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: pathOnly(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Reset (and any other) tokens in a mail's links, for the log: `token=[redacted]`. */
export const redactTokens = (text: string): string =>
  text.replace(/([?&](?:token|code|key|secret)=)[^&\s"'<>]+/gi, "$1[redacted]");
