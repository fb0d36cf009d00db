-- The handicap record: attested scores, each with the inputs of its differential copied in, and the index
-- they give kept on the account beside the one the player enters (decision 0419).
CREATE TABLE "handicap_score" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"participant_id" uuid,
	"round_id" uuid,
	"tournament_entry_id" uuid,
	"tournament_round" integer,
	"tournament_id" uuid,
	"tournament_slug" text,
	"tournament_name" text,
	"played_on" date NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"holes" integer NOT NULL,
	"course_name" text NOT NULL,
	"tee_name" text NOT NULL,
	"adjusted_gross" integer NOT NULL,
	"course_rating" double precision NOT NULL,
	"slope" integer NOT NULL,
	"par" integer NOT NULL,
	"attested_by_user_id" uuid,
	"attested_by_guest_name" text,
	"attested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "handicap_score_participant_unique" UNIQUE("participant_id"),
	CONSTRAINT "handicap_score_card_unique" UNIQUE("tournament_entry_id","tournament_round"),
	CONSTRAINT "handicap_score_holes_valid" CHECK ("handicap_score"."holes" in (9, 18)),
	CONSTRAINT "handicap_score_one_source" CHECK (("handicap_score"."participant_id" is null) or ("handicap_score"."tournament_entry_id" is null and "handicap_score"."tournament_round" is null))
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "plays_with" text DEFAULT 'entered' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "calculated_index" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_participant_id_participant_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_round_id_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."round"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_tournament_entry_id_tournament_entry_id_fk" FOREIGN KEY ("tournament_entry_id") REFERENCES "public"."tournament_entry"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handicap_score" ADD CONSTRAINT "handicap_score_attested_by_user_id_app_user_id_fk" FOREIGN KEY ("attested_by_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handicap_score_user_idx" ON "handicap_score" USING btree ("user_id","played_on");--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_plays_with_valid" CHECK ("app_user"."plays_with" in ('entered', 'calculated'));