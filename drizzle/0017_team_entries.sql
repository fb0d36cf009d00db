-- Team entries (decision 0426): a tournament's team size (1 for the individual formats, which every tournament
-- so far is), a team's players with the names a public page shows, an account per player (ball 0 stays the
-- individual entry's), and four-ball's own ball on the card (ball 0 stays the entry's one ball).
CREATE TABLE "tournament_entry_player" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"ball" integer NOT NULL,
	"name" text NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"handicap_index" numeric(3, 1),
	"course_handicap" double precision,
	"playing_handicap" integer,
	CONSTRAINT "tournament_entry_player_ball" UNIQUE("entry_id","ball"),
	CONSTRAINT "tournament_entry_player_ball_range" CHECK ("tournament_entry_player"."ball" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "tournament_entry_player" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tournament" ADD COLUMN "team_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD COLUMN "ball" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_score" ADD COLUMN "ball" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_entry_account" DROP CONSTRAINT "tournament_entry_account_pkey";--> statement-breakpoint
ALTER TABLE "tournament_entry_account" ADD CONSTRAINT "tournament_entry_account_entry_id_ball_pk" PRIMARY KEY("entry_id","ball");--> statement-breakpoint
ALTER TABLE "tournament_score" DROP CONSTRAINT "tournament_score_entry_id_round_hole_pk";--> statement-breakpoint
ALTER TABLE "tournament_score" ADD CONSTRAINT "tournament_score_entry_id_round_hole_ball_pk" PRIMARY KEY("entry_id","round","hole","ball");--> statement-breakpoint
ALTER TABLE "tournament_entry_player" ADD CONSTRAINT "tournament_entry_player_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_player" ADD CONSTRAINT "tournament_entry_player_entry_id_tournament_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_player" ADD CONSTRAINT "tournament_entry_player_tournament_organization_fk" FOREIGN KEY ("tournament_id","organization_id") REFERENCES "public"."tournament"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_entry_player_tournament_idx" ON "tournament_entry_player" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_team_size_range" CHECK ("tournament"."team_size" between 1 and 4);--> statement-breakpoint
CREATE POLICY "tournament_entry_player_tenant_isolation" ON "tournament_entry_player" AS PERMISSIVE FOR ALL TO "app_rw" USING ("tournament_entry_player"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid) WITH CHECK ("tournament_entry_player"."organization_id" = nullif(current_setting('app.current_org', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tournament_entry_player_public_read" ON "tournament_entry_player" AS PERMISSIVE FOR SELECT TO "app_rw" USING (nullif(current_setting('app.current_org', true), '')::uuid is null and exists (select 1 from tournament t where t.id = "tournament_entry_player"."tournament_id" and t.visibility = 'public' and t.status <> 'draft'));