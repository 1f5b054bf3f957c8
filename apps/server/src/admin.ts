/**
 * npm run admin -- ...: operators' commands on the same database as the server (DATABASE_URL, or the
 * embedded PGlite in DATA_DIR: stop the server first, as PGlite's files serve one process at a time).
 */
import { userInfo } from "node:os";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { ADMIN_USAGE, runAdmin, UsageError } from "./modules/payments/admin-cli.js";

function operator(): string {
  if (process.env.KOC_OPERATOR) return process.env.KOC_OPERATOR;
  try {
    return userInfo().username;
  } catch {
    return "unknown operator";
  }
}

async function main() {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    await runAdmin(process.argv.slice(2), database.db, operator(), (line) => console.log(line));
  } finally {
    await database.close();
  }
}

main().catch((err: Error) => {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${ADMIN_USAGE}`);
  else if (err instanceof ConfigError) console.error(err.message);
  else console.error(`admin: ${err.message}`);
  process.exit(1);
});
