import { ensureSecretFile } from "../../data-dir.js";

/**
 * The JWT secret when JWT_SECRET is not set: generated on the first start and kept in
 * DATA_DIR/jwt-secret (readable by the owner only), so logins survive a restart.
 */
export const ensureJwtSecret = (dataDir: string): string => ensureSecretFile(dataDir, "jwt-secret", 48);
