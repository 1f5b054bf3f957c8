ALTER TABLE "exercises" ADD COLUMN "tests" jsonb;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "release" integer;