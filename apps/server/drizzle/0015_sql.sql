ALTER TABLE "exercises" DROP CONSTRAINT "exercises_language_valid";--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "sql" jsonb;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_language_valid" CHECK ("exercises"."language" in ('java', 'python', 'javascript', 'sql'));