import AccountPage from "../../features/account/account-page";
import { MyCertificates } from "../../features/certificates/my-certificates";
import { InvoiceList } from "../../features/payments/components/invoice-list";
import { SlotProvider, type Slots } from "../../lib/slots";

/** The account page, with the learner's certificates and invoices. */
export const slots: Partial<Slots> = { MyCertificates, InvoiceList };

export default function Page() {
  return (
    <SlotProvider slots={slots}>
      <AccountPage />
    </SlotProvider>
  );
}
