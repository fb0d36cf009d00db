CREATE TABLE "feed_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_event_kind_valid" CHECK ("feed_event"."kind" in ('item', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "feed_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"tournament_id" uuid,
	"round_id" uuid,
	"source" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "feed_item_seq_unique" UNIQUE("seq"),
	CONSTRAINT "feed_item_kind_valid" CHECK ("feed_item"."kind" in ('tournament_opened', 'tournament_started', 'tournament_finished', 'highlight', 'round_shared')),
	CONSTRAINT "feed_item_hidden_with_reason" CHECK (("feed_item"."hidden_at" is null) = ("feed_item"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "feed_event" ADD CONSTRAINT "feed_event_item_id_feed_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."feed_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item" ADD CONSTRAINT "feed_item_tournament_id_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournament"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_item" ADD CONSTRAINT "feed_item_round_id_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."round"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_item_visible_source_idx" ON "feed_item" USING btree ("source") WHERE "feed_item"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "feed_item_tournament_idx" ON "feed_item" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "feed_item_round_idx" ON "feed_item" USING btree ("round_id");