import type { AuthResponse } from "@koc/shared";
import { useNavigate } from "react-router";
import { paths } from "../../lib/paths";
import { mergeAllProgressAfterLogin } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";

/**
 * After a login or a registration: keep the session, merge the visitor's progress into the account
 * (a failure there never blocks the learner), then go to the dashboard. `beforeMerge` runs in between
 * (registration applies the referral code there).
 */
export function useFinishSignIn() {
  const { login } = useSession();
  const navigate = useNavigate();
  return async ({ token, user }: AuthResponse, beforeMerge?: () => Promise<void>) => {
    login(token, user);
    await beforeMerge?.();
    await mergeAllProgressAfterLogin().catch(() => undefined);
    navigate(paths.dashboard);
  };
}
