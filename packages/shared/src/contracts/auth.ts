import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Trimmed and lower-cased before it is checked, so " Ada@Example.COM " and "ada@example.com" are one account. */
export const emailField = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be a valid email address"));

export const newPassword = z
  .string({ error: "is required" })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** POST /api/auth/register */
export const registerRequest = z.object({
  name: z.string({ error: "is required" }).trim().min(1, "is required").max(100, "must be at most 100 characters"),
  email: emailField,
  password: newPassword,
  /**
   * Optional, and never a reason to refuse joining:
   * a code that is too long or not text at all is dropped here, as an unknown code is by the server.
   */
  referralCode: z.string().trim().max(64).optional().catch(undefined),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /api/auth/login; the password's length is not checked here, only its presence. */
export const loginRequest = z.object({
  email: emailField,
  password: z.string({ error: "is required" }).min(1, "is required").max(1024, "must be at most 1024 characters"),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The user record the browser keeps, plus the referral code. */
export const publicUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isPremium: z.boolean(),
  referralCode: z.string(),
  /** When the account was created (ISO 8601), for the account page's "member since". */
  memberSince: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const authResponse = z.object({ token: z.string(), user: publicUser });
export type AuthResponse = z.infer<typeof authResponse>;

/** POST /api/auth/forgot-password */
export const forgotPasswordRequest = z.object({ email: emailField });

/** POST /api/auth/reset-password */
export const resetPasswordRequest = z.object({
  token: z.string({ error: "is required" }).min(1, "is required").max(200, "must be at most 200 characters"),
  password: newPassword,
});

/** Answers that only carry a sentence for the user. */
export const messageBody = z.object({ message: z.string() });

/**
 * POST /api/auth/change-password (signed in): answers authResponse with a fresh token; every other
 * session of the account ends. POST /api/auth/logout ends the session it is called with, and
 * POST /api/auth/logout-everywhere every session of the account; both answer messageBody.
 */
export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(1024, "must be at most 1024 characters"),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
