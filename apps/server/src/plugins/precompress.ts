import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text, WebAssembly, Pyodide's stdlib zip (stored, not deflated) and its interpreter snapshot (.bin). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|wasm|zip|bin|html)$/i;
/** Below this a file is sent as it is. */
const MIN_BYTES = 1024;
/** Brotli's best level takes a long time on Pyodide's 9 MB WebAssembly: large files get level 9. */
const LARGE = 1024 * 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the web build's assets (hashed JS and
 * CSS, Pyodide's WebAssembly, stdlib zip and scripts), once at build time, so the server sends
 * them with no compression work per request (@fastify/static's preCompressed). A variant that
 * would save under 5% is not written. Returns how many files got variants.
 */
export async function precompressAssets(webDistDir: string): Promise<{ files: number; bytes: number; br: number }> {
  const assets = join(webDistDir, "assets");
  const out = { files: 0, bytes: 0, br: 0 };
  if (!existsSync(assets)) return out;
  for await (const path of files(assets)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const size = (await stat(path)).size;
    if (size < MIN_BYTES) continue;
    const body = await readFile(path);
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: size > LARGE ? 9 : constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    let wrote = false;
    if (b.length < size * 0.95) {
      await writeFile(`${path}.br`, b);
      out.br += b.length;
      wrote = true;
    }
    if (g.length < size * 0.95) {
      await writeFile(`${path}.gz`, g);
      wrote = true;
    }
    if (wrote) {
      out.files += 1;
      out.bytes += size;
    }
  }
  return out;
}
