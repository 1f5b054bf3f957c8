/** A real SMTP server (smtp-server) on a local port that keeps every message it accepts. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

export interface SinkOptions {
  /** Listen on this port (to start a stopped sink again at the same address); 0 picks a free one. */
  port?: number;
  /** Hold each message this long before accepting it (a slow server: mail in flight). */
  acceptDelayMs?: number;
  /** Messages accepted so far, kept across a stop and a start. */
  delivered?: Delivered[];
}

export async function startSink(options: SinkOptions = {}) {
  const delivered = options.delivered ?? [];
  /** Messages whose data arrived (accepted or still being held). */
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received += 1;
        const accept = () => {
          // Counted only when accepted (250): a message cut off before that was never delivered.
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        };
        if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
        else accept();
      });
    },
  });
  // A client killed in the middle of a message (the crash tests) resets its connection: expected,
  // and without a listener the server's 'error' event would end the test process.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    delivered,
    received: () => received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes so links can be read back. */
export const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The Message-ID header of a raw message. */
export const messageIdOf = (raw: string) => /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1];

/**
 * The body of the first MIME part of `type` (e.g. "text/plain") in a raw multipart message, line
 * ends as "\n", quoted-printable decoded.
 */
export function mimePart(raw: string, type: string): string | undefined {
  const text = raw.replace(/\r\n/g, "\n");
  const boundary = /boundary="?([^";\n]+)"?/i.exec(text)?.[1];
  if (!boundary) return undefined;
  for (const part of text.split(`--${boundary}`)) {
    const split = part.indexOf("\n\n");
    if (split < 0) continue;
    const headers = part.slice(0, split).toLowerCase();
    if (headers.includes(`content-type: ${type}`)) return decodeQuotedPrintable(part.slice(split + 2)).trimEnd();
  }
  return undefined;
}
