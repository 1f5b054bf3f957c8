import { formatAmount } from "@koc/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { renderMail } from "../../adapters/mail/layout.js";
import type { Db } from "../../db/client.js";
import { invoices, mailDeliveries } from "../../db/schema.js";
import type { MailDelivery } from "../../jobs/mail.js";
import { renderInvoicePdf, type Seller } from "./invoice-pdf.js";

/** The job that mails a buyer their invoice; its data names the invoice, the PDF is made when it runs. */
export const INVOICE_MAIL_JOB = "invoice-mail";
export interface InvoiceMailJobData {
  invoiceId: string;
}

/** One mail per invoice, whichever path fulfilled the payment (verify, webhook, or both). */
export const invoiceMailKey = (invoiceId: string) => `invoice:${invoiceId}`;

export function createInvoiceMail(deps: { db: Db; mailDelivery: MailDelivery; seller: Seller; publicOrigin: string }) {
  const { db, mailDelivery, seller, publicOrigin } = deps;
  return {
    /** Sends the invoice's mail with its PDF attached, once; an invoice that is gone is skipped. */
    async send({ invoiceId }: InvoiceMailJobData): Promise<void> {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!invoice) return;
      const key = invoiceMailKey(invoice.id);
      if (await mailDelivery.delivered(key)) return;
      const pdf = await renderInvoicePdf(invoice, seller);
      const message = renderMail({
        to: invoice.buyerEmail,
        subject: `Your Kingdom of Code invoice ${invoice.id}`,
        heading: `Hail, ${invoice.buyerName}!`,
        paragraphs: [
          `Your payment of ${formatAmount(invoice.amount, invoice.currency)} for ${invoice.item} is received: every premium course is open to you, for life.`,
          `Your invoice ${invoice.id} is attached as a PDF. It is also on your account page whenever you need it again.`,
        ],
        action: { label: "Open your account", url: `${publicOrigin}/account` },
        after: [`Questions about this payment? Write to ${seller.email} and quote ${invoice.id}.`],
      });
      await mailDelivery.deliver(key, {
        ...message,
        attachments: [{ filename: `kingdom-of-code-${invoice.id}.pdf`, contentType: "application/pdf", content: pdf }],
      });
    },

    /**
     * Invoices of the last `days` whose mail was never delivered: queued again at start, which covers a
     * process that died between the payment's commit and queueing its mail (the key keeps it to one).
     */
    async undelivered(days = 30): Promise<string[]> {
      const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
      const rows = await db
        .select({ id: invoices.id })
        .from(invoices)
        .leftJoin(mailDeliveries, eq(mailDeliveries.key, sql`'invoice:' || ${invoices.id}`))
        .where(and(gt(invoices.issuedAt, since), isNull(mailDeliveries.key)));
      return rows.map((r) => r.id);
    },
  };
}

export type InvoiceMail = ReturnType<typeof createInvoiceMail>;
