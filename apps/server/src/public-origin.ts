import type { Config } from "./config.js";

/**
 * The origin of every link the server writes (reset links, certificate links): PUBLIC_ORIGIN, which
 * production requires; in development the address the server listens on. Never a request header,
 * so no client can make a mail point at another site.
 */
export function publicOrigin(config: Config): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN.replace(/\/+$/, "");
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  const shown = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${shown}:${config.PORT}`;
}
