-- Hand-written (drizzle cannot express triggers): a deleted account's cards in rounds stay as a guest's,
-- with the player's name and handicap, whatever deletes the row (an endpoint, an account merge, SQL by
-- hand). The foreign key's ON DELETE SET NULL alone leaves a card that is neither account nor guest, which
-- the participant_account_or_guest check refuses, so the deletion failed. A frozen index is kept; before
-- the first score the card played off the profile's index, so that is the one it keeps. Rounds the user
-- owned still go with the account (round.owner_user_id ON DELETE CASCADE).
CREATE FUNCTION keep_cards_as_guests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE participant
     SET user_id = NULL,
         guest_name = coalesce(OLD.name, 'Uten navn'),
         handicap_index = coalesce(participant.handicap_index, OLD.handicap_index)
   WHERE participant.user_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_user_keep_cards_as_guests BEFORE DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION keep_cards_as_guests();
