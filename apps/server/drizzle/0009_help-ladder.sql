CREATE TABLE "code_drafts" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_drafts_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "exercise_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exercise_id" text NOT NULL,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"release" text,
	"passed" boolean NOT NULL,
	"compile_error" boolean DEFAULT false NOT NULL,
	"checks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_help" (
	"user_id" uuid NOT NULL,
	"exercise_id" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"hints_taken" integer DEFAULT 0 NOT NULL,
	"failures_at_last_hint" integer DEFAULT 0 NOT NULL,
	"revealed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_help_user_id_exercise_id_pk" PRIMARY KEY("user_id","exercise_id"),
	CONSTRAINT "exercise_help_counts" CHECK ("exercise_help"."failures" >= 0 and "exercise_help"."hints_taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exercise_passes" ADD COLUMN "with_help" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "code_drafts" ADD CONSTRAINT "code_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_attempts" ADD CONSTRAINT "exercise_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_attempts" ADD CONSTRAINT "exercise_attempts_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_help" ADD CONSTRAINT "exercise_help_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_help" ADD CONSTRAINT "exercise_help_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_attempts_user_exercise_idx" ON "exercise_attempts" USING btree ("user_id","exercise_id","created_at");