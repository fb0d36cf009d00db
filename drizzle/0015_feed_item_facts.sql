-- A feed item's sentence is worded when it is read, in the reader's language (decision 0025): the stored
-- payload keeps the facts only. An item with totals says what they count in `unit`; the sentence it was
-- posted with said so ("poeng" for Stableford points), and this is the one time that sentence is read.
UPDATE "feed_item"
SET "payload" = jsonb_set("payload", '{unit}', CASE WHEN "payload"->>'text' LIKE '%poeng%' THEN '"points"'::jsonb ELSE '"strokes"'::jsonb END)
WHERE "kind" IN ('tournament_finished', 'round_shared') AND "payload" ? 'text' AND NOT "payload" ? 'unit';
--> statement-breakpoint
UPDATE "feed_item" SET "payload" = "payload" - 'text' WHERE "payload" ? 'text';
