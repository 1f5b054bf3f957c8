import { MyCertificates } from "../../features/certificates/my-certificates";
import DashboardPage from "../../features/dashboard/dashboard-page";
import { InvoiceList } from "../../features/payments/components/invoice-list";
import { UpgradeModal } from "../../features/payments/components/upgrade-modal";
import { ReferralSection } from "../../features/referral/referral-section";
import { TrialsPassed } from "../../features/trials/components/trials-passed";
import { SlotProvider, type Slots } from "../../lib/slots";

/** The dashboard, with trials passed, certificates, referrals, invoices and the premium upgrade. */
export const slots: Partial<Slots> = { TrialsPassed, MyCertificates, ReferralSection, InvoiceList, UpgradeModal };

export default function Page() {
  return (
    <SlotProvider slots={slots}>
      <DashboardPage />
    </SlotProvider>
  );
}
