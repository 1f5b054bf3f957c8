import { downloadFile } from "../../../lib/api-client";

/** Invoices are their owner's only: the PDF is fetched with the login token (lib/api-client). */
export const downloadInvoice = (invoiceUrl: string, invoiceId: string): Promise<void> =>
  downloadFile(invoiceUrl, `kingdom-of-code-${invoiceId}.pdf`);
