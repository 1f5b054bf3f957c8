import CoursesPage from "../../features/courses/courses-page";
import { PaymentModal } from "../../features/payments/components/payment-modal";
import { SlotProvider, type Slots } from "../../lib/slots";

/** The catalogue, with the premium purchase for a locked course. */
export const slots: Partial<Slots> = { PaymentModal };

export default function Page() {
  return (
    <SlotProvider slots={slots}>
      <CoursesPage />
    </SlotProvider>
  );
}
