ALTER TABLE "exercise_attempts" ADD COLUMN "files" jsonb;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "project" jsonb;