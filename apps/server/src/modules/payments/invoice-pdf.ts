import { createRequire } from "node:module";
import { formatAmount } from "@koc/shared";
import PDFDocument from "pdfkit";
import type { invoices } from "../../db/schema.js";

// PDF's built-in fonts have no rupee sign, so the invoice embeds DejaVu Sans (from its npm package).
const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export interface Seller {
  name: string;
  email: string;
  website: string | undefined;
}

/** The seller printed on every invoice, from the server's configuration. */
export const sellerOf = (config: { SUPPORT_EMAIL: string; PUBLIC_ORIGIN?: string | undefined }): Seller => ({
  name: "Kingdom of Code",
  email: config.SUPPORT_EMAIL,
  website: config.PUBLIC_ORIGIN,
});

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** The invoice of one payment, as a PDF built on the server. */
export function renderInvoicePdf(invoice: typeof invoices.$inferSelect, seller: Seller): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Invoice ${invoice.id}`, Author: seller.name },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const amount = formatAmount(invoice.amount, invoice.currency);
  doc.font("bold").fontSize(22).fillColor("#1b2347").text(seller.name);
  doc.font("body").fontSize(10).fillColor("#333333").text(seller.email);
  if (seller.website) doc.text(seller.website);
  doc.moveDown(1.5);

  doc.font("bold").fontSize(16).fillColor("#9b1c31").text("INVOICE");
  doc.font("body").fontSize(11).fillColor("#000000");
  doc.text(`Invoice number: ${invoice.id}`);
  doc.text(`Date: ${dateFormat.format(invoice.issuedAt)}`);
  doc.moveDown();

  doc.font("bold").text("Billed to");
  doc.font("body").text(invoice.buyerName).text(invoice.buyerEmail);
  doc.moveDown();

  doc.font("bold").text("Item");
  doc.font("body").text(`${invoice.item} (one-time payment, lifetime access)`);
  doc.text(`Quantity: 1`);
  doc.text(`Amount: ${amount}`);
  doc.moveDown();
  doc.font("bold").fontSize(13).text(`Total paid: ${amount}`);
  doc.moveDown();

  doc.font("body").fontSize(10).fillColor("#333333");
  doc.text(`Payment id: ${invoice.paymentId}`);
  doc.text(`Order id: ${invoice.orderId}`);
  doc.moveDown(2);
  doc.text("Thank you for joining the royal order of the Kingdom of Code.");
  doc.end();
  return done;
}
