-- How a tie between complete rounds is decided (decision 0423). Every tournament so far was split by countback,
-- which stays its rule: the default fills the existing rows.
ALTER TABLE "tournament" ADD COLUMN "tie_break" text DEFAULT 'countback' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament" ADD CONSTRAINT "tournament_tie_break_valid" CHECK ("tournament"."tie_break" in ('countback', 'lowest_handicap', 'shared'));