import RegisterPage from "../../features/auth/register-page";
import { applyReferralCode } from "../../features/referral/api/apply-referral-code";
import { SlotProvider, type Slots } from "../../lib/slots";

/** Registration, crediting the referrer of a learner who joins with a code. */
export const slots: Partial<Slots> = { applyReferralCode };

export default function Page() {
  return (
    <SlotProvider slots={slots}>
      <RegisterPage />
    </SlotProvider>
  );
}
