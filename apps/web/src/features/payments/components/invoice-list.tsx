import { formatAmount } from "@koc/shared";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/query-state";
import { paymentHistoryQuery } from "../api/get-payment-history";
import { InvoiceLink } from "./invoice-link";
import "../payments.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "long", day: "numeric" });

/** The dashboard's list of the learner's invoices, each with its download link. */
export function InvoiceList() {
  const history = useQuery(paymentHistoryQuery());
  return (
    <section aria-labelledby="invoices-title" className="dashboard-section invoice-section">
      <h2 id="invoices-title">My Invoices</h2>
      <QueryState
        query={history}
        loading="Loading your invoices..."
        error="Your invoices could not be loaded."
        isEmpty={(data) => data.invoices.length === 0}
        empty="No invoices yet. Your royal receipts will appear here after a purchase."
      >
        {({ invoices }) => (
          <ul className="invoice-list">
            {invoices.map((invoice) => (
              <li key={invoice.invoiceId} className="card invoice-item">
                <span className="invoice-item-title">{invoice.item}</span>
                <span>
                  {formatAmount(invoice.amount, invoice.currency)} on {dateFormat.format(new Date(invoice.issuedAt))}
                </span>
                <InvoiceLink invoiceUrl={invoice.invoiceUrl} invoiceId={invoice.invoiceId} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
