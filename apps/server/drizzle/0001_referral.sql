CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"referred_user_id" uuid,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_referred_user_unique" UNIQUE("referred_user_id"),
	CONSTRAINT "credit_ledger_reason_valid" CHECK ("credit_ledger"."reason" in ('referral')),
	CONSTRAINT "credit_ledger_amount_positive" CHECK ("credit_ledger"."amount" > 0),
	CONSTRAINT "credit_ledger_referral_names_friend" CHECK ("credit_ledger"."reason" <> 'referral' or ("credit_ledger"."referred_user_id" is not null and "credit_ledger"."referred_user_id" <> "credit_ledger"."user_id"))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id");--> statement-breakpoint
-- Hand-written backfill (PostgreSQL 15 and PGlite). Codes are stored upper-case; a code that only
-- differs by case from another account's loses it and gets a fresh one below.
UPDATE "users" AS u SET "referral_code" = NULL
WHERE u."referral_code" <> upper(u."referral_code")
  AND EXISTS (SELECT 1 FROM "users" AS o WHERE o."id" <> u."id" AND upper(o."referral_code") = upper(u."referral_code"));--> statement-breakpoint
UPDATE "users" SET "referral_code" = upper("referral_code") WHERE "referral_code" <> upper("referral_code");--> statement-breakpoint
-- Every account without a code gets one: 8 characters without look-alikes (no 0/O, 1/I/L), drawn from
-- gen_random_uuid() (the server's strong random source; core since PostgreSQL 13, no extension), two
-- bytes per character so the modulo bias stays negligible; a collision draws again.
DO $$
DECLARE
	alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
	account record;
	candidate text;
	bytes bytea;
BEGIN
	FOR account IN SELECT "id" FROM "users" WHERE "referral_code" IS NULL LOOP
		LOOP
			bytes := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
			candidate := '';
			FOR i IN 0..7 LOOP
				candidate := candidate || substr(alphabet, ((get_byte(bytes, 2 * i) * 256 + get_byte(bytes, 2 * i + 1)) % 31) + 1, 1);
			END LOOP;
			EXIT WHEN NOT EXISTS (SELECT 1 FROM "users" WHERE "referral_code" = candidate);
		END LOOP;
		UPDATE "users" SET "referral_code" = candidate WHERE "id" = account."id";
	END LOOP;
END
$$;--> statement-breakpoint
-- Accounts created before the programme with a learner's code are credited now, once each.
INSERT INTO "credit_ledger" ("user_id", "reason", "referred_user_id", "amount", "created_at")
SELECT referrer."id", 'referral', friend."id", 80, friend."created_at"
FROM "users" AS friend
JOIN "users" AS referrer ON referrer."referral_code" = upper(friend."referred_by_code")
WHERE referrer."id" <> friend."id"
ON CONFLICT ("referred_user_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "referral_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_code_uppercase" CHECK ("users"."referral_code" = upper("users"."referral_code"));
