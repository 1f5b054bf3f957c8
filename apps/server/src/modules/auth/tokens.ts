import { randomBytes, randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "kingdom-of-code";
export const TOKEN_LIFETIME = "7d";

export interface TokenClaims {
  userId: string;
  /** users.token_version when the token was signed; a reset bumps it and so revokes older tokens. */
  tokenVersion: number;
}

/** A verified token: its claims, its own id (jti: what logout revokes) and when it expires. */
export interface VerifiedToken extends TokenClaims {
  tokenId: string;
  expiresAt: Date;
}

/** Login tokens: HS256 JWTs carrying the user id (sub) and the token version (tv), with an expiry. */
export function createTokenSigner(secret: string) {
  // Imported once: given raw bytes, jose would import a CryptoKey on every sign and verify.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    sign: async (claims: TokenClaims): Promise<string> =>
      new SignJWT({ tv: claims.tokenVersion })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(await key),

    /** The claims of a genuine, unexpired token; null for anything else (a token without an id included). */
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ["HS256"], issuer: ISSUER });
        if (typeof payload.sub !== "string" || typeof payload.tv !== "number") return null;
        if (typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
        return {
          userId: payload.sub,
          tokenVersion: payload.tv,
          tokenId: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** A secret for one process when none is configured (tests); main.ts keeps one in DATA_DIR instead. */
export const ephemeralSecret = () => randomBytes(48).toString("base64url");
