import type { AuthResponse } from "@koc/shared";
import { useNavigate } from "react-router";
import { coursePathOf, safeNext, startCourse } from "../../lib/next-path";
import { mergeAllProgressAfterLogin } from "../../lib/progress-sync";
import { useSession } from "../../lib/session";

/**
 * After a login or a registration: keep the session, merge the visitor's progress into the account
 * (a failure there never blocks the learner), then go to `next` when it is a page of this site, else to
 * the dashboard. A course page is asked to enrol the learner and open their next lesson. `beforeMerge`
 * runs in between (registration applies the referral code there).
 */
export function useFinishSignIn(next: string | null) {
  const { login } = useSession();
  const navigate = useNavigate();
  return async ({ token, user }: AuthResponse, beforeMerge?: () => Promise<void>) => {
    login(token, user);
    await beforeMerge?.();
    await mergeAllProgressAfterLogin().catch(() => undefined);
    const to = safeNext(next);
    navigate(to, coursePathOf(to) ? { state: startCourse } : {});
  };
}
