import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/client';
import { busPayload } from '../db/schema';
import type { Logger } from '../log';
import { createEventBus, type EventBus } from './bus';

/** The one PostgreSQL channel every instance listens on; the bus channel travels inside the message. */
export const NOTIFY_CHANNEL = 'golf_bus';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (the default build's limit). */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
/**
 * Messages waiting to be sent, and received messages waiting behind a stored payload's read. Past this the
 * oldest outgoing messages are dropped, and received ones replaced by a resync: messages are only nudges
 * (audiences read their tables, sockets and access are checked again), so a resync loses nothing.
 */
export const MAX_QUEUED_MESSAGES = 10_000;
/** A LISTEN connection that does not answer `select 1` within the timeout is taken for dead and replaced. */
const HEALTH_CHECK_MS = 30_000;
const HEALTH_CHECK_TIMEOUT_MS = 10_000;
const RECONNECT = { firstMs: 100, maxMs: 5_000 };

const wireMessage = z.union([
  z.object({ from: z.string(), channel: z.string(), payload: z.unknown() }),
  z.object({ from: z.string(), stored: z.number().int() }),
]);
type WireMessage = z.infer<typeof wireMessage>;
type Delivered = Extract<WireMessage, { channel: string }>;

export interface PostgresBus extends EventBus {
  /** This instance's id: its LISTEN connection is `golf-bus <id>` in pg_stat_activity. */
  instanceId: string;
  /** Messages this instance could not send so far, by reason (read by the metrics). */
  droppedMessages(): { bus_send_queue_full: number; bus_publish_failed: number };
}

/**
 * The event bus across server instances, over PostgreSQL LISTEN/NOTIFY.
 *
 * - One dedicated connection LISTENs; `publish` sends `pg_notify` through the pool, fire and forget (a
 *   failure is logged: every message is a nudge that the next one, or a resync, makes good).
 * - Subscribers on the publishing instance get the message at once, in-process, and the instance ignores
 *   its own notifications when they come back: nothing is delivered twice, and local delivery does not
 *   wait for a round trip.
 * - A message of 8,000 bytes or more is stored in `bus_payload` and the notification carries its id; every
 *   listener reads it back. Housekeeping deletes old rows.
 * - A dropped LISTEN connection is reconnected with backoff, and then every `onResync` listener runs:
 *   whatever was notified while nobody listened is read again from the database.
 * Payloads must be plain JSON data: other instances get them as JSON.
 */
export async function createPostgresBus(options: {
  databaseUrl: string;
  db: Database;
  logger: Logger;
  now: () => Date;
  reconnect?: { firstMs: number; maxMs: number };
  maxQueuedMessages?: number;
}): Promise<PostgresBus> {
  const { db, logger } = options;
  const instanceId = randomUUID();
  const reconnect = options.reconnect ?? RECONNECT;
  const maxQueued = options.maxQueuedMessages ?? MAX_QUEUED_MESSAGES;
  const local = createEventBus();
  const resyncListeners = new Set<() => void>();
  let closed = false;
  const droppedCounts = { bus_send_queue_full: 0, bus_publish_failed: 0 };

  function resync(): void {
    for (const listener of resyncListeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, 'bus resync listener failed');
      }
    }
  }

  function deliver(message: Delivered): void {
    try {
      local.publish(message.channel, message.payload);
    } catch (error) {
      logger.error({ err: error, channel: message.channel }, 'bus subscriber failed');
    }
  }

  // ---- Sending: one notify query at a time, carrying everything published meanwhile.
  const outgoing: string[] = [];
  let sending: Promise<void> | null = null;

  async function asNotification(message: string): Promise<string> {
    if (Buffer.byteLength(message, 'utf8') < NOTIFY_PAYLOAD_LIMIT_BYTES) return message;
    const [row] = await db
      .insert(busPayload)
      .values({ message, createdAt: options.now() })
      .returning({ id: busPayload.id });
    return JSON.stringify({ from: instanceId, stored: row!.id } satisfies WireMessage);
  }

  function send(): Promise<void> {
    sending ??= (async () => {
      while (outgoing.length > 0) {
        const batch = outgoing.splice(0);
        try {
          const notifications: string[] = [];
          for (const message of batch) notifications.push(await asNotification(message));
          // One statement, one transaction: the notifications go out together and in this order.
          await db.execute(
            sql`select pg_notify(${NOTIFY_CHANNEL}, message) from unnest(${sql.param(notifications)}::text[]) as message`,
          );
        } catch (error) {
          droppedCounts.bus_publish_failed += batch.length;
          logger.error({ err: error, dropped: batch.length }, 'bus publish failed');
        }
      }
      sending = null;
    })();
    return sending;
  }

  // ---- Receiving: in arrival order; a stored payload is read back before the messages behind it.
  const incoming: WireMessage[] = [];
  let draining = false;

  async function readStored(id: number): Promise<Delivered | null> {
    const [row] = await db.select({ message: busPayload.message }).from(busPayload).where(eq(busPayload.id, id));
    if (!row) return null;
    const parsed = wireMessage.parse(JSON.parse(row.message));
    return 'channel' in parsed ? parsed : null;
  }

  async function drain(): Promise<void> {
    draining = true;
    while (incoming.length > 0) {
      const message = incoming.shift()!;
      if ('channel' in message) {
        deliver(message);
        continue;
      }
      try {
        const stored = await readStored(message.stored);
        if (stored) deliver(stored);
        else throw new Error(`bus payload ${message.stored} is gone`);
      } catch (error) {
        logger.warn({ err: error }, 'bus payload could not be read; resyncing');
        resync();
      }
    }
    draining = false;
  }

  function onNotification(notification: pg.Notification): void {
    let message: WireMessage;
    try {
      message = wireMessage.parse(JSON.parse(notification.payload ?? ''));
    } catch (error) {
      logger.warn({ err: error }, 'unreadable bus notification ignored');
      return;
    }
    // Our own message: its subscribers here had it when it was published.
    if (message.from === instanceId) return;
    if (incoming.length >= maxQueued) {
      incoming.length = 0;
      logger.warn({ maxQueued }, 'bus receive queue full; resyncing instead');
      resync();
      return;
    }
    incoming.push(message);
    if (!draining) void drain();
  }

  // ---- The LISTEN connection, kept open.
  let listener: pg.Client | null = null;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      application_name: `golf-bus ${instanceId}`,
    });
    client.on('notification', onNotification);
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  function dropped(client: pg.Client, error: unknown): void {
    if (client !== listener || closed) return;
    listener = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    logger.warn({ err: error }, 'bus connection lost; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    // Jittered, so that instances cut off together do not come back together.
    const delay = Math.min(reconnect.firstMs * 2 ** attempt, reconnect.maxMs) * (0.5 + Math.random() / 2);
    attempt += 1;
    reconnectTimer = setTimeout(async () => {
      try {
        const client = await listen();
        if (closed) {
          await client.end();
          return;
        }
        listener = client;
        attempt = 0;
        logger.info('bus reconnected; resyncing');
        // Whatever was notified while nobody listened is read again.
        resync();
      } catch (error) {
        logger.warn({ err: error, attempt }, 'bus reconnect failed');
        if (!closed) scheduleReconnect();
      }
    }, delay);
  }

  // A connection can die without a word (a firewall dropping it): asking it something finds out.
  const healthCheck = setInterval(() => {
    const client = listener;
    if (!client) return;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer to a health check')), HEALTH_CHECK_TIMEOUT_MS).unref(),
    );
    Promise.race([client.query('select 1'), timeout]).catch((error: unknown) => dropped(client, error));
  }, HEALTH_CHECK_MS);
  healthCheck.unref();

  listener = await listen();

  return {
    instanceId,
    droppedMessages: () => ({ ...droppedCounts }),
    publish(channel, payload) {
      if (!closed) {
        if (outgoing.length >= maxQueued) {
          outgoing.shift();
          droppedCounts.bus_send_queue_full += 1;
          logger.warn({ maxQueued }, 'bus send queue full; oldest message dropped');
        }
        outgoing.push(JSON.stringify({ from: instanceId, channel, payload } satisfies WireMessage));
        void send();
      }
      local.publish(channel, payload);
    },
    subscribe: (channel, listen) => local.subscribe(channel, listen),
    onResync(listen) {
      resyncListeners.add(listen);
      return () => resyncListeners.delete(listen);
    },
    async close() {
      closed = true;
      clearInterval(healthCheck);
      clearTimeout(reconnectTimer);
      // What was published before the close still goes out.
      await sending;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      resyncListeners.clear();
      await local.close();
    },
  };
}
