import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * One JSON answer prepared once: its bytes, their gzip and brotli variants (compressed at the
 * highest levels, once) and a strong ETag from the bytes. Sent as it is, with no serializer,
 * no compression and no JSON.stringify on the request path.
 */
export interface Prepared {
  /** The quoted strong ETag of the identity bytes; the compressed variants add `-gz` / `-br`. */
  etag: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Bodies below this are sent as they are: compressing a few hundred bytes saves nothing. */
const MIN_COMPRESS = 256;

export function prepare(value: unknown): Prepared {
  return prepareBytes(Buffer.from(JSON.stringify(value)));
}

/** The same for bytes already made (a prerendered page's HTML). */
export function prepareBytes(identity: Buffer): Prepared {
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 32);
  if (identity.length < MIN_COMPRESS) return { etag: `"${hash}"`, identity, gzip: null, br: null };
  const gzip = gzipSync(identity, { level: 9 });
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  return {
    etag: `"${hash}"`,
    identity,
    gzip: gzip.length < identity.length ? gzip : null,
    br: br.length < identity.length ? br : null,
  };
}

export type Coding = "br" | "gzip" | "identity";

/**
 * The content coding to send for an Accept-Encoding header (RFC 9110 12.5.3): the acceptable
 * coding with the highest q, brotli before gzip on a tie, `*` standing for any coding not named.
 */
export function chooseCoding(header: string | undefined, offers: { br: boolean; gzip: boolean }): Coding {
  if (!header) return "identity";
  let star = -1;
  let br = -1;
  let gzip = -1;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = (rawName ?? "").trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q)) continue;
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = Math.max(gzip, q);
    else if (name === "*") star = q;
  }
  if (br < 0) br = star;
  if (gzip < 0) gzip = star;
  const brOk = offers.br && br > 0;
  const gzipOk = offers.gzip && gzip > 0;
  if (brOk && (!gzipOk || br >= gzip)) return "br";
  if (gzipOk) return "gzip";
  return "identity";
}

/** Whether If-None-Match names this answer (weak comparison, any coding of the same bytes, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.slice(1, -1);
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*") return true;
    const opaque = tag.startsWith("W/") ? tag.slice(2) : tag;
    if (opaque.length < 2 || !opaque.startsWith('"') || !opaque.endsWith('"')) continue;
    const value = opaque.slice(1, -1);
    if (value === bare || value === `${bare}-gz` || value === `${bare}-br`) return true;
  }
  return false;
}

export interface SendOptions {
  cacheControl: string;
  /** Defaults to JSON. */
  contentType?: string;
  /** The request headers the answer depends on besides Accept-Encoding (e.g. Authorization). */
  vary?: string;
}

/** Sends a prepared answer: 304 when If-None-Match names it, else the best coding the client takes. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: Prepared, options: SendOptions) {
  const coding = chooseCoding(request.headers["accept-encoding"], {
    br: prepared.br !== null,
    gzip: prepared.gzip !== null,
  });
  const etag =
    coding === "identity" ? prepared.etag : `"${prepared.etag.slice(1, -1)}-${coding === "br" ? "br" : "gz"}"`;
  reply.header("cache-control", options.cacheControl);
  reply.header("vary", options.vary ? `${options.vary}, Accept-Encoding` : "Accept-Encoding");
  reply.header("etag", etag);
  if (matchesEtag(request.headers["if-none-match"], prepared.etag)) {
    return reply.code(304).send();
  }
  const body = coding === "br" ? prepared.br : coding === "gzip" ? prepared.gzip : prepared.identity;
  reply.header("content-type", options.contentType ?? "application/json; charset=utf-8");
  if (coding !== "identity") reply.header("content-encoding", coding);
  return reply.send(body ?? prepared.identity);
}
