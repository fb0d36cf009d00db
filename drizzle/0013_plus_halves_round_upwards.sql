-- ".5 rounded upwards" is toward the higher number: a playing handicap of -9.5 is -9, not -10 (the rule
-- was read as "away from zero"). Handicaps already played off stay as they were played; an entry frozen at
-- the move to in_progress that has no score yet has not been played off, and gets the corrected value.
-- Only negative course handicaps round differently. The product is cut to 9 decimals first, as the server
-- cuts its arithmetic to 12 significant digits (server/golf/rounding.ts), so -9.4999999 is not mistaken.
UPDATE "tournament_entry" e
SET "playing_handicap" = floor(round((e."course_handicap" * t."allowance_percent" / 100.0)::numeric, 9) + 0.5)::int
FROM "tournament" t
WHERE t."id" = e."tournament_id"
  AND t."status" = 'in_progress'
  AND e."course_handicap" < 0
  AND NOT EXISTS (SELECT 1 FROM "tournament_score" s WHERE s."entry_id" = e."id");
