CREATE TABLE "certificates" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"student_name" text NOT NULL,
	"course_title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "course_categories" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_categories_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "course_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "course_instructors" (
	"account_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_instructors_account_id_course_id_user_id_pk" PRIMARY KEY("account_id","course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "course_instructors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "course_sections" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "course_sections_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "course_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"source_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "enrolments" (
	"account_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"last_lesson_id" uuid,
	"last_activity_at" timestamp with time zone,
	CONSTRAINT "enrolments_account_id_course_id_user_id_pk" PRIMARY KEY("account_id","course_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lesson_notes" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notes_account_id_user_id_lesson_id_pk" PRIMARY KEY("account_id","user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"completed_at" timestamp with time zone,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_account_id_user_id_lesson_id_pk" PRIMARY KEY("account_id","user_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parent_links" (
	"account_id" uuid NOT NULL,
	"parent_user_id" text NOT NULL,
	"student_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_links_account_id_parent_user_id_student_user_id_pk" PRIMARY KEY("account_id","parent_user_id","student_user_id")
);
--> statement-breakpoint
ALTER TABLE "parent_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"question_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"option_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"score" real,
	"max_score" real,
	"percent" real,
	"passed" boolean,
	"grades" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"graded_at" timestamp with time zone,
	"graded_by" text,
	CONSTRAINT "quiz_attempts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"points" real DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	CONSTRAINT "quiz_questions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "quiz_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "quizzes" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "quizzes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "lessons_account_course_position";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "subtitle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "prerequisite_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "content" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "free_preview" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "drip" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_account_course_id" ON "lessons" USING btree ("account_id","course_id","id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_account_id_lesson_id_lessons_account_id_id_fk" FOREIGN KEY ("account_id","lesson_id") REFERENCES "public"."lessons"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_account_id_course_id_lesson_id_lessons_account_id_course_id_id_fk" FOREIGN KEY ("account_id","course_id","lesson_id") REFERENCES "public"."lessons"("account_id","course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_account_id_course_id_user_id_enrolments_account_id_course_id_user_id_fk" FOREIGN KEY ("account_id","course_id","user_id") REFERENCES "public"."enrolments"("account_id","course_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_account_id_parent_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","parent_user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_account_id_student_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","student_user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_account_id_quiz_id_quizzes_account_id_id_fk" FOREIGN KEY ("account_id","quiz_id") REFERENCES "public"."quizzes"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_account_id_user_id_members_account_id_user_id_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_account_id_quiz_id_quizzes_account_id_id_fk" FOREIGN KEY ("account_id","quiz_id") REFERENCES "public"."quizzes"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code" ON "certificates" USING btree ("account_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_course_user" ON "certificates" USING btree ("account_id","course_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_categories_account_slug" ON "course_categories" USING btree ("account_id","slug");--> statement-breakpoint
CREATE INDEX "course_instructors_user" ON "course_instructors" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "course_sections_course" ON "course_sections" USING btree ("account_id","course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sections_account_course_id" ON "course_sections" USING btree ("account_id","course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_award" ON "points_ledger" USING btree ("account_id","user_id","reason","source_id");--> statement-breakpoint
CREATE INDEX "points_ledger_user" ON "points_ledger" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "enrolments_user" ON "enrolments" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "enrolments_course_enrolled" ON "enrolments" USING btree ("account_id","course_id","enrolled_at");--> statement-breakpoint
CREATE INDEX "lesson_progress_course" ON "lesson_progress" USING btree ("account_id","course_id","lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number" ON "quiz_attempts" USING btree ("account_id","quiz_id","user_id","number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_status" ON "quiz_attempts" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz" ON "quiz_questions" USING btree ("account_id","quiz_id","position");--> statement-breakpoint
CREATE INDEX "quizzes_course" ON "quizzes" USING btree ("account_id","course_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_account_id_category_id_course_categories_account_id_id_fk" FOREIGN KEY ("account_id","category_id") REFERENCES "public"."course_categories"("account_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_account_id_course_id_section_id_course_sections_account_id_course_id_id_fk" FOREIGN KEY ("account_id","course_id","section_id") REFERENCES "public"."course_sections"("account_id","course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_course_section" ON "lessons" USING btree ("account_id","course_id","section_id","position");--> statement-breakpoint
CREATE POLICY "certificates_tenant_isolation" ON "certificates" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "course_categories_tenant_isolation" ON "course_categories" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "course_instructors_tenant_isolation" ON "course_instructors" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "course_sections_tenant_isolation" ON "course_sections" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "points_ledger_tenant_isolation" ON "points_ledger" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "enrolments_tenant_isolation" ON "enrolments" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "lesson_notes_tenant_isolation" ON "lesson_notes" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "lesson_progress_tenant_isolation" ON "lesson_progress" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "parent_links_tenant_isolation" ON "parent_links" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "quiz_attempts_tenant_isolation" ON "quiz_attempts" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "quiz_questions_tenant_isolation" ON "quiz_questions" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
CREATE POLICY "quizzes_tenant_isolation" ON "quizzes" AS PERMISSIVE FOR ALL TO public USING (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid)) WITH CHECK (account_id = (select nullif(current_setting('app.account_id', true), '')::uuid));--> statement-breakpoint
-- A curriculum is sections of lessons: each course that already has lessons gets one section,
-- "Lessons", holding them in their order. FORCE row-level security would hide every row from
-- the owner, so it is lifted for the statements that must see all accounts' rows.
ALTER TABLE "course_sections" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lessons" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "course_sections" ("account_id", "course_id", "title", "position")
SELECT DISTINCT "account_id", "course_id", 'Lessons', 0 FROM "lessons";--> statement-breakpoint
UPDATE "lessons" SET "section_id" = s."id" FROM "course_sections" s
WHERE s."account_id" = "lessons"."account_id" AND s."course_id" = "lessons"."course_id";--> statement-breakpoint
ALTER TABLE "lessons" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "section_id" SET NOT NULL;--> statement-breakpoint
-- drizzle-kit emits ENABLE only; FORCE makes the tenant policy bind the table owner too.
ALTER TABLE "certificates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "course_categories" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "course_instructors" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "course_sections" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "points_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "enrolments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lesson_notes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lesson_progress" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parent_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "quiz_attempts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "quiz_questions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "quizzes" FORCE ROW LEVEL SECURITY;
