import { Download } from "lucide-react";
import { useState } from "react";
import { downloadInvoice } from "../api/download-invoice";

/** A link to the invoice PDF that downloads it with the learner's login (invoices are owner-only). */
export function InvoiceLink({ invoiceUrl, invoiceId }: { invoiceUrl: string; invoiceId: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <a
        href={invoiceUrl}
        className="invoice-link"
        download={`kingdom-of-code-${invoiceId}.pdf`}
        onClick={(e) => {
          e.preventDefault();
          setError(null);
          downloadInvoice(invoiceUrl, invoiceId).catch((err: Error) => setError(err.message));
        }}
      >
        <Download aria-hidden="true" size={16} /> Download invoice {invoiceId}
      </a>
      {error && (
        <span role="alert" className="invoice-error">
          {error}
        </span>
      )}
    </>
  );
}
