CREATE TABLE "tournament" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text NOT NULL,
	"format" text NOT NULL,
	"allowance_percent" integer NOT NULL,
	"max_handicap_index" numeric(3, 1),
	"entry_limit" integer,
	"entries_close_at" timestamp with time zone,
	"course_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tournament_id_organization" UNIQUE("id","organization_id"),
	CONSTRAINT "tournament_allowance_range" CHECK ("tournament"."allowance_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "tournament" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_card" (
	"entry_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"signed_by_player_at" timestamp with time zone,
	"signed_by_marker_at" timestamp with time zone,
	"marker_entry_id" uuid,
	"locked_at" timestamp with time zone,
	CONSTRAINT "tournament_card_entry_id_round_pk" PRIMARY KEY("entry_id","round")
);
--> statement-breakpoint
ALTER TABLE "tournament_card" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_division" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tee_id" uuid NOT NULL,
	"min_handicap_index" numeric(3, 1),
	"max_handicap_index" numeric(3, 1),
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_division" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"handicap_index" numeric(3, 1),
	"course_handicap" double precision,
	"playing_handicap" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_entry" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_entry_account" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "tournament_entry_account_once" UNIQUE("tournament_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_event" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"tee" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tournament_group_tee" CHECK ("tournament_group"."tee" in (1, 10))
);
--> statement-breakpoint
ALTER TABLE "tournament_group" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_group_entry" (
	"group_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tournament_group_entry_group_id_entry_id_pk" PRIMARY KEY("group_id","entry_id"),
	CONSTRAINT "tournament_group_entry_once_per_round" UNIQUE("tournament_id","round","entry_id")
);
--> statement-breakpoint
ALTER TABLE "tournament_group_entry" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_round" (
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"played_on" date NOT NULL,
	CONSTRAINT "tournament_round_tournament_id_number_pk" PRIMARY KEY("tournament_id","number"),
	CONSTRAINT "tournament_round_number" CHECK ("tournament_round"."number" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "tournament_round" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tournament_score" (
	"entry_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"hole" integer NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"strokes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_score_entry_id_round_hole_pk" PRIMARY KEY("entry_id","round","hole"),
	CONSTRAINT "tournament_score_strokes_range" CHECK ("tournament_score"."strokes" between 1 and 20),
	CONSTRAINT "tournament_score_hole_range" CHECK ("tournament_score"."hole" between 1 and 18)
);
--> statement-breakpoint
ALTER TABLE "tournament_score" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_card" ADD CONSTRAINT "tournament_card_entry_id_tournament_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_card" ADD CONSTRAINT "tournament_card_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_card" ADD CONSTRAINT "tournament_card_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_division" ADD CONSTRAINT "tournament_division_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_division" ADD CONSTRAINT "tournament_division_tee_id_tee_id_fk" FOREIGN KEY ("tee_id") REFERENCES "public"."tee"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_division" ADD CONSTRAINT "tournament_division_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry" ADD CONSTRAINT "tournament_entry_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry" ADD CONSTRAINT "tournament_entry_division_id_tournament_division_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."tournament_division"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry" ADD CONSTRAINT "tournament_entry_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD CONSTRAINT "tournament_entry_account_entry_id_tournament_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD CONSTRAINT "tournament_entry_account_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD CONSTRAINT "tournament_entry_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD CONSTRAINT "tournament_entry_account_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_event" ADD CONSTRAINT "tournament_event_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_event" ADD CONSTRAINT "tournament_event_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group" ADD CONSTRAINT "tournament_group_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group" ADD CONSTRAINT "tournament_group_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group_entry" ADD CONSTRAINT "tournament_group_entry_group_id_tournament_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."tournament_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group_entry" ADD CONSTRAINT "tournament_group_entry_entry_id_tournament_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group_entry" ADD CONSTRAINT "tournament_group_entry_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_group_entry" ADD CONSTRAINT "tournament_group_entry_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_round" ADD CONSTRAINT "tournament_round_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_round" ADD CONSTRAINT "tournament_round_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_score" ADD CONSTRAINT "tournament_score_entry_id_tournament_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_score" ADD CONSTRAINT "tournament_score_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_score" ADD CONSTRAINT "tournament_score_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_org_idx" ON "tournament" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tournament_public_idx" ON "tournament" USING btree ("visibility","status","created_at");--> statement-breakpoint
CREATE INDEX "tournament_division_tournament_idx" ON "tournament_division" USING btree ("tournament_id","position");--> statement-breakpoint
CREATE INDEX "tournament_entry_tournament_idx" ON "tournament_entry" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_entry_account_user_idx" ON "tournament_entry_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournament_event_tournament_idx" ON "tournament_event" USING btree ("tournament_id","id");--> statement-breakpoint
CREATE INDEX "tournament_group_round_idx" ON "tournament_group" USING btree ("tournament_id","round","position");--> statement-breakpoint
CREATE INDEX "tournament_score_tournament_idx" ON "tournament_score" USING btree ("tournament_id");--> statement-breakpoint
CREATE POLICY "tournament_tenant_isolation" ON "tournament" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_public_read" ON "tournament" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and "tournament"."visibility" = 'public' and "tournament"."status" <> 'draft');--> statement-breakpoint
CREATE POLICY "tournament_card_tenant_isolation" ON "tournament_card" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_card"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_card"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_division_tenant_isolation" ON "tournament_division" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_division"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_division"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_division_public_read" ON "tournament_division" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_division"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_entry_tenant_isolation" ON "tournament_entry" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_entry"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_entry"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_entry_public_read" ON "tournament_entry" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_entry"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_entry_account_tenant_isolation" ON "tournament_entry_account" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_entry_account"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_entry_account"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_event_tenant_isolation" ON "tournament_event" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_event"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_event"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_event_public_read" ON "tournament_event" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_event"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_group_tenant_isolation" ON "tournament_group" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_group"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_group"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_group_public_read" ON "tournament_group" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_group"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_group_entry_tenant_isolation" ON "tournament_group_entry" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_group_entry"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_group_entry"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_group_entry_public_read" ON "tournament_group_entry" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_group_entry"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_round_tenant_isolation" ON "tournament_round" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_round"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_round"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_round_public_read" ON "tournament_round" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_round"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));--> statement-breakpoint
CREATE POLICY "tournament_score_tenant_isolation" ON "tournament_score" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_score"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_score"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_score_public_read" ON "tournament_score" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_score"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));