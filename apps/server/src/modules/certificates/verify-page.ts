import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { verifyUrl } from "./routes.js";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Puts the certificate's title and Open Graph tags into index.html's head (the old <title> is replaced). */
export function withCertificateMeta(
  indexHtml: string,
  meta: { title: string; description: string; url: string },
): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(meta.url);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Kingdom of Code" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
  ].join("\n    ");
  const head = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "")
    .replace(/<meta\s+property="og:[^"]*"[^>]*>\s*/gi, "");
  const at = head.search(/<\/head>/i);
  return at === -1 ? head : `${head.slice(0, at)}    ${tags}\n  ${head.slice(at)}`;
}

/**
 * GET /verify/{code}: crawlers do not run the app's JavaScript, so the server answers with
 * index.html already carrying the certificate's title and Open Graph tags. An unknown code keeps the
 * generic tags; the app then says no certificate has the code.
 */
export async function registerVerifyPage(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  if (webDistDir === undefined) return;
  const indexPath = join(webDistDir, "index.html");
  app.get<{ Params: { code: string } }>("/verify/:code", async (request, reply) => {
    let html: string;
    try {
      html = await readFile(indexPath, "utf8");
    } catch {
      return reply.status(404).send({ message: `Route GET ${request.url} not found` });
    }
    const code = request.params.code;
    const cert = code.length <= 100 ? await app.certificates.find(code) : null;
    if (cert) {
      html = withCertificateMeta(html, {
        title: `${cert.name}: ${cert.courseTitle} certificate | Kingdom of Code`,
        description: `${cert.name} completed ${cert.courseTitle} on Kingdom of Code on ${dateFormat.format(new Date(cert.issuedAt))}. Verification code ${cert.code}.`,
        url: verifyUrl(app, cert.code),
      });
    }
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
  });
}
