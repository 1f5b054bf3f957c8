import { formatAmount } from "@koc/shared";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { invoices, paymentOrders, payments, users } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";
import { createEntitlementService } from "./entitlements.js";

export const ADMIN_USAGE = `Usage:
  npm run admin -- premium grant <email> --reason "why"    give complimentary lifetime premium
  npm run admin -- premium revoke <email> --reason "why"   take premium away
  npm run admin -- payments <email>                        a learner's orders, payments, invoices and premium history
Options: --by "name" records who acted (default: the OS user, or KOC_OPERATOR).`;

export class UsageError extends Error {}

function parse(argv: string[]) {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith("--")) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      flags[arg.slice(2)] = value;
      i++;
    } else positional.push(arg);
  }
  return { positional, flags };
}

/** The operators' command line: every line it prints goes to `out`; throws UsageError on a bad command. */
export async function runAdmin(argv: string[], db: Db, defaultActor: string, out: (line: string) => void) {
  const { positional, flags } = parse(argv);
  const [command, sub, email] = positional;
  const actor = flags.by?.trim() || defaultActor;
  const entitlements = createEntitlementService(db);

  if (command === "premium" && (sub === "grant" || sub === "revoke")) {
    if (!email) throw new UsageError("an email is required");
    const reason = flags.reason?.trim();
    if (!reason) throw new UsageError('--reason "..." is required: the audit records why');
    const result = await entitlements[sub](email, actor, reason);
    const verb = sub === "grant" ? "granted to" : "revoked from";
    out(
      `${result.changed ? "Premium" : "No change: premium"} ${verb} ${result.user.email} by ${actor} (${reason}). Now premium: ${
        result.user.isPremium ? "yes" : "no"
      }.`,
    );
    return;
  }

  if (command === "payments" && sub && !email) {
    const [user] = await db.select().from(users).where(eq(users.email, sub.trim().toLowerCase()));
    if (!user) throw new NotFoundError(`No user with the email ${sub}`);
    out(`${user.name} <${user.email}>, premium: ${user.isPremium ? "yes" : "no"}`);
    const orders = await db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, user.id))
      .orderBy(desc(paymentOrders.createdAt));
    out(`Orders (${orders.length}):`);
    for (const o of orders)
      out(
        `  ${o.id}  ${formatAmount(o.amount, o.currency)}  ${o.gateway}  receipt ${o.receipt}  ${o.createdAt.toISOString()}`,
      );
    const paid = await db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.createdAt));
    out(`Payments (${paid.length}):`);
    for (const p of paid) {
      out(
        `  ${p.id}  ${p.status}  ${formatAmount(p.amount, p.currency)}  order ${p.orderId}  ${p.createdAt.toISOString()}${p.errorDescription ? `  (${p.errorDescription})` : ""}`,
      );
    }
    const bills = await db.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(desc(invoices.issuedAt));
    out(`Invoices (${bills.length}):`);
    for (const i of bills)
      out(`  ${i.id}  ${formatAmount(i.amount, i.currency)}  payment ${i.paymentId}  ${i.issuedAt.toISOString()}`);
    const audit = await entitlements.audit(user.email);
    out(`Premium history (${audit.length}):`);
    for (const a of audit)
      out(
        `  ${a.createdAt.toISOString()}  ${a.action}  by ${a.actor}: ${a.reason}${a.paymentId ? ` (${a.paymentId})` : ""}`,
      );
    return;
  }
  throw new UsageError(command ? `unknown command: ${positional.join(" ")}` : "no command given");
}
