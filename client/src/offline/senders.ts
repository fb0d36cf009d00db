/**
 * The scorecards' senders of this tab, one per outbox (keyed by user and outbox name), kept beyond their
 * screen: a score typed offline goes once the network returns even if the player has moved on to another
 * screen, and a screen opened again finds the sender that is still at work instead of starting a second
 * one on the same outbox. A wipe (sign-out, account deletion, another user) closes them all, so nothing is
 * sent, or saved again, for the user who left. Kept tiny: the main chunk imports it through last-user.ts.
 */
interface Closable {
  close(): void;
  isClosed(): boolean;
}

const senders = new Map<string, Closable>();

/** The sender of `key`, made by `make` the first time it is asked for, or again once the last has closed. */
export function senderFor<S extends Closable>(key: string, make: () => S): S {
  let sender = senders.get(key) as S | undefined;
  if (!sender || sender.isClosed()) {
    sender = make();
    senders.set(key, sender);
  }
  return sender;
}

export function closeAllSenders(): void {
  for (const sender of senders.values()) sender.close();
  senders.clear();
}
