ALTER TABLE "course" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- Tournaments already played: their handicaps were frozen by the move to in_progress (a cancelled one
-- was played when its entries carry frozen handicaps).
UPDATE "tournament" SET "started_at" = "updated_at"
WHERE "status" IN ('in_progress', 'finished')
   OR ("status" = 'cancelled' AND EXISTS (
        SELECT 1 FROM "tournament_entry" e WHERE e."tournament_id" = "tournament"."id" AND e."course_handicap" IS NOT NULL));
