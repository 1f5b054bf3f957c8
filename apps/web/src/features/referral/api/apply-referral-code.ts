import { type ApplyReferralRequest, applyReferralResponse } from "@koc/shared";
import { api } from "../../../lib/api-client";

/**
 * POST /api/referral/apply-code: the register page calls it right after registering with a code.
 * Registration has usually credited the code already; the server then answers 200 and grants nothing.
 */
export const applyReferralCode = (body: ApplyReferralRequest) =>
  api("/referral/apply-code", { method: "POST", body, schema: applyReferralResponse });
