import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { chatEventOutput, type ChatEvent } from '../../shared/schemas/chat';
import type { Database, Queryable } from '../db/client';
import { appUser, chatEvent, chatMessage } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { eventsAfterId, followAudience, type AudienceEvent, type AudienceSource } from '../realtime/audiences';
import { SerialisedData } from '../realtime/frames';
import { messageColumns, messageView } from './view';
import type { ChatEventKind } from '../../shared/values';
import { lockKey } from '../db/locks';

/**
 * Live team chat. Every send, edit and delete writes a chat_event row in its own transaction; after the
 * commit the writer nudges the organization's audience on the bus. Each process reads an organization's new
 * events once for all of its members' sockets and serialises each once (realtime/audiences.ts). An event
 * carries the message as it stands when the event is read: a deleted message's text is never sent again,
 * not even to a subscriber replaying the send from before the delete. Every read runs in the organization's
 * tenancy transaction, never with the owner's rights.
 */
const channel = (organizationId: string) => `chat:${organizationId}`;

/**
 * Inside the change's own tenancy transaction. The organization's chat writers take turns from here to
 * their commit, so event ids commit in increasing order: a reader that has seen id n never misses a
 * smaller id committing later (parallel sends would otherwise race their ids against their commits).
 */
export async function appendChatEvent(
  tx: Queryable,
  organizationId: string,
  messageId: string,
  kind: ChatEventKind,
): Promise<number> {
  await lockKey(tx, `chat:${organizationId}`);
  const [row] = await tx.insert(chatEvent).values({ organizationId, messageId, kind }).returning({ id: chatEvent.id });
  return row!.id;
}

/** After the commit only: a subscriber must never see a change that could still roll back. */
export function publishChatEvent(deps: Pick<Deps, 'bus'>, organizationId: string, eventId: number): void {
  deps.bus.publish(channel(organizationId), { id: eventId });
}

/** How many events one read returns; a reader further behind gets the rest in the next reads. */
const BATCH = 500;

async function eventsAfter(
  db: Database,
  organizationId: string,
  afterId: number,
): Promise<{ id: number; event: ChatEvent }[]> {
  return withTenant(db, organizationId, async (tx) => {
    const rows = await tx
      .select({ eventId: chatEvent.id, kind: chatEvent.kind, message: messageColumns })
      .from(chatEvent)
      .innerJoin(chatMessage, eq(chatMessage.id, chatEvent.messageId))
      .leftJoin(appUser, eq(appUser.id, chatMessage.authorUserId))
      .where(and(eq(chatEvent.organizationId, organizationId), gt(chatEvent.id, afterId)))
      .orderBy(asc(chatEvent.id))
      .limit(BATCH);
    // Parsed here, where an event is read once for every listener: what chat.history's schema lets out, and no more.
    return rows.map((row) => ({
      id: row.eventId,
      event: chatEventOutput.parse({ kind: row.kind, message: messageView(row.message) }),
    }));
  });
}

export async function latestChatEventId(db: Database, organizationId: string): Promise<number> {
  return withTenant(db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ id: max(chatEvent.id) })
      .from(chatEvent)
      .where(eq(chatEvent.organizationId, organizationId));
    return row?.id ?? 0;
  });
}

/** One organization's chat audience in this process. */
function chatSource(deps: Pick<Deps, 'db'>, organizationId: string): AudienceSource {
  return {
    channel: channel(organizationId),
    latestId: () => latestChatEventId(deps.db, organizationId),
    async read(afterId) {
      const events = await eventsAfter(deps.db, organizationId, afterId);
      return events.map((e): AudienceEvent => ({ id: e.id, data: SerialisedData.of(e.event) }));
    },
  };
}

/**
 * Where a subscription starts: after the client's `lastEventId` (a reconnect), else after the newest event
 * now. Read before the subscription is answered as started, so "from now on" means from that answer: the
 * app loads the history after it and keeps each message once, by its id.
 */
export async function chatStartingPoint(
  deps: Pick<Deps, 'db'>,
  input: { organizationId: string; lastEventId?: string | null | undefined },
): Promise<number> {
  if (input.lastEventId && /^\d{1,15}$/.test(input.lastEventId)) return Number(input.lastEventId);
  return latestChatEventId(deps.db, input.organizationId);
}

/** The subscription's stream: the events after `after`, read from the table, then live. Call only after the membership check. */
export function chatUpdates(
  deps: Pick<Deps, 'db' | 'bus' | 'logger'>,
  input: { organizationId: string; after: number; signal: AbortSignal | undefined; socket: WebSocket | undefined },
) {
  return followAudience<ChatEvent>(deps, {
    key: channel(input.organizationId),
    source: () => chatSource(deps, input.organizationId),
    signal: input.signal,
    socket: input.socket,
    catchUp: () => eventsAfterId(input.after, BATCH, (afterId) => eventsAfter(deps.db, input.organizationId, afterId)),
  });
}
