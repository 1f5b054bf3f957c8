import type { ApplyReferralRequest } from "@koc/shared";
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from "react";

/**
 * What a page of one feature shows from another feature. A feature never imports another one: it
 * asks for a slot here, and the app shell fills the slots each page needs (app/pages/*-page.tsx).
 */
export interface Slots {
  /** The learner's certificates (features/certificates). */
  MyCertificates: ComponentType<{ email: string }>;
  /** The certificate of a completed course, downloaded as a PDF (features/certificates). */
  CertificateDialog: ComponentType<{
    userName: string | null | undefined;
    courseId: string;
    courseTitle: string;
    completedOn: Date;
    onClose: () => void;
  }>;
  /** The learner's invoices (features/payments). */
  InvoiceList: ComponentType;
  /** The lifetime premium purchase offered for one course (features/payments). */
  PaymentModal: ComponentType<{ courseTitle: string; onClose: () => void }>;
  /** The lifetime premium purchase offered on the dashboard (features/payments). */
  UpgradeModal: ComponentType<{ onClose: () => void }>;
  /** The trials passed so far (features/trials). */
  TrialsPassed: ComponentType<{ email: string }>;
  /** A topic's trials under its lesson; `onPassed` tells whether the pass was the first (features/trials). */
  TopicTrials: ComponentType<{ courseId: string; materialId: string; onPassed?: (firstPass: boolean) => void }>;
  /** The learner's referral code, link and credits (features/referral). */
  ReferralSection: ComponentType<{ email: string }>;
  /** Credits the referrer of a learner who registered with a code (features/referral). */
  applyReferralCode: (body: ApplyReferralRequest) => Promise<unknown>;
}

const SlotContext = createContext<Partial<Slots>>({});

/** Fills slots for the page below (adding to any filled further out). */
export function SlotProvider({ slots, children }: { slots: Partial<Slots>; children: ReactNode }) {
  const outer = useContext(SlotContext);
  const value = useMemo(() => ({ ...outer, ...slots }), [outer, slots]);
  return <SlotContext.Provider value={value}>{children}</SlotContext.Provider>;
}

/** The slot `name`, as the app shell filled it; a page rendered without it is a wiring mistake. */
export function useSlot<K extends keyof Slots>(name: K): Slots[K] {
  const slot = useContext(SlotContext)[name];
  if (!slot) throw new Error(`No "${name}" slot: the page's module in app/pages fills it.`);
  return slot as Slots[K];
}
