/**
 * The baseline for bench/api.ts: a bare Fastify (no plugins, no logger, no hooks) answering each
 * given path with fixed bytes. Reads its routes from the JSON file named by argv[2] and prints
 * its port on stdout once it listens.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface BareRoute {
  path: string;
  contentType: string;
  bodyBase64: string;
}

const routes = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as BareRoute[];
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = Buffer.from(route.bodyBase64, "base64");
  app.get(route.path, (_request, reply) => {
    reply.header("content-type", route.contentType).send(body);
  });
}
const address = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(new URL(address).port);
