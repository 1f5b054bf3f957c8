ALTER TABLE "credit_ledger" ADD COLUMN "earned_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written backfill (referral-pending): grants recorded before credits waited for the friend's
-- first passed Knowledge Check were paid at once, so they stay earned, dated when they were granted.
UPDATE "credit_ledger" SET "earned_at" = "created_at" WHERE "earned_at" IS NULL;
