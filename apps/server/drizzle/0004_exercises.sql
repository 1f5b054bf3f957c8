CREATE TABLE "exercise_passes" (
	"user_id" uuid NOT NULL,
	"exercise_id" text NOT NULL,
	"course_id" text NOT NULL,
	"source" text DEFAULT 'submission' NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_passes_user_id_exercise_id_pk" PRIMARY KEY("user_id","exercise_id"),
	CONSTRAINT "exercise_passes_source_valid" CHECK ("exercise_passes"."source" in ('submission', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"material_id" text NOT NULL,
	"position" integer NOT NULL,
	"k" integer NOT NULL,
	"title" text NOT NULL,
	"difficulty" integer NOT NULL,
	"language" text NOT NULL,
	"statement" text NOT NULL,
	"starter" text NOT NULL,
	"solution" text NOT NULL,
	"hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cases" jsonb NOT NULL,
	CONSTRAINT "exercises_language_valid" CHECK ("exercises"."language" in ('java', 'python', 'javascript')),
	CONSTRAINT "exercises_difficulty_range" CHECK ("exercises"."difficulty" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "exercise_passes" ADD CONSTRAINT "exercise_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_passes" ADD CONSTRAINT "exercise_passes_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_passes" ADD CONSTRAINT "exercise_passes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_passes_user_course_idx" ON "exercise_passes" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "exercises_course_position_idx" ON "exercises" USING btree ("course_id","position");