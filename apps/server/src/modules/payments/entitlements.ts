import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { premiumAudit, premiumEntitlements, users } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";

/**
 * Premium for a paid order, inside the caller's transaction: one entitlement per user (primary key),
 * users.is_premium set in the same transaction, and an audit line when the entitlement is new.
 */
export async function grantForPayment(tx: DbOrTx, userId: string, paymentId: string, actor: string) {
  const inserted = await tx
    .insert(premiumEntitlements)
    .values({ userId, source: "payment", paymentId })
    .onConflictDoNothing()
    .returning({ userId: premiumEntitlements.userId });
  await tx.update(users).set({ isPremium: true }).where(eq(users.id, userId));
  if (inserted.length > 0) {
    await tx
      .insert(premiumAudit)
      .values({ userId, action: "payment", actor, reason: "Lifetime premium paid", paymentId });
  }
  return inserted.length > 0;
}

async function findUser(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, isPremium: users.isPremium })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new NotFoundError(`No user with the email ${email}`);
  return user;
}

/** Operators' complimentary premium (npm run admin -- premium grant|revoke), always audited. */
export function createEntitlementService(db: Db) {
  return {
    async grant(email: string, actor: string, reason: string) {
      return db.transaction(async (tx) => {
        const user = await findUser(tx, email);
        const inserted = await tx
          .insert(premiumEntitlements)
          .values({ userId: user.id, source: "grant" })
          .onConflictDoNothing()
          .returning({ userId: premiumEntitlements.userId });
        await tx.update(users).set({ isPremium: true }).where(eq(users.id, user.id));
        await tx.insert(premiumAudit).values({ userId: user.id, action: "grant", actor, reason });
        return { user: { ...user, isPremium: true }, changed: inserted.length > 0 || !user.isPremium };
      });
    },

    async revoke(email: string, actor: string, reason: string) {
      return db.transaction(async (tx) => {
        const user = await findUser(tx, email);
        const removed = await tx
          .delete(premiumEntitlements)
          .where(eq(premiumEntitlements.userId, user.id))
          .returning({ userId: premiumEntitlements.userId });
        await tx.update(users).set({ isPremium: false }).where(eq(users.id, user.id));
        await tx.insert(premiumAudit).values({ userId: user.id, action: "revoke", actor, reason });
        return { user: { ...user, isPremium: false }, changed: removed.length > 0 || user.isPremium };
      });
    },

    async audit(email: string) {
      const user = await findUser(db, email);
      return db
        .select()
        .from(premiumAudit)
        .where(eq(premiumAudit.userId, user.id))
        .orderBy(sql`${premiumAudit.createdAt} asc`);
    },
  };
}

export type EntitlementService = ReturnType<typeof createEntitlementService>;
