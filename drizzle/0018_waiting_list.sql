-- The waiting list (decision 0427): an entry past the entry limit waits with its number in the order it came;
-- every entry so far is in the field (null).
ALTER TABLE "tournament_entry" ADD COLUMN "waiting_number" integer;--> statement-breakpoint
ALTER TABLE "tournament_entry" ADD CONSTRAINT "tournament_entry_waiting_once" UNIQUE("tournament_id","waiting_number");