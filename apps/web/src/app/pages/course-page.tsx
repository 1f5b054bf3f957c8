import { CertificateDialog } from "../../features/certificates/certificate-dialog";
import CoursePage from "../../features/course/course-page";
import { TopicTrials } from "../../features/trials/components/topic-trials";
import { SlotProvider, type Slots } from "../../lib/slots";

/** A course and its lessons, with each topic's trials and the certificate at the end. */
export const slots: Partial<Slots> = { TopicTrials, CertificateDialog };

export default function Page() {
  return (
    <SlotProvider slots={slots}>
      <CoursePage />
    </SlotProvider>
  );
}
