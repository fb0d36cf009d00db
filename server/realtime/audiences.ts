import { tracked } from '@trpc/server';
import type { WebSocket } from 'ws';
import type { Metrics } from '../metrics';
import type { EventBus } from './bus';
import { IdProbe, liveFrame, type SerialisedData } from './frames';

type Tracked<T> = ReturnType<typeof tracked<T>>;

/** One event of an audience, serialised once for all of its subscribers. */
export interface AudienceEvent {
  id: number;
  data: SerialisedData;
}

/**
 * Where an audience's events come from: a table of events with increasing ids (round_event, …) and a bus
 * channel whose messages say that new rows may be there. The message is only a nudge: the events are read
 * from the table in id order, so an audience never sees a gap or an event out of order, whichever instance
 * wrote it and whatever the bus dropped or reordered.
 */
export interface AudienceSource {
  channel: string;
  /** The newest event id now: a new audience's stream starts after it. */
  latestId(): Promise<number>;
  /** The events after `afterId`, in order (at most a batch; called again while it returns any). */
  read(afterId: number, nudge: unknown): Promise<AudienceEvent[]>;
}

type Deliver = (events: AudienceEvent[]) => void;

interface Audience {
  source: AudienceSource;
  started: Promise<void>;
  lastId: number;
  subscribers: Set<Deliver>;
  stopListening: () => void;
  pumping: Promise<void> | null;
  pumpAgain: boolean;
  nudge: unknown;
}

export interface Audiences {
  /**
   * Joins an audience (a round, a club's chat, the public feed): from when this resolves, `deliver` gets
   * every event after the audience's current position, in order, once, in batches. The caller back-fills
   * what came before from the table itself and skips what it has already sent. Returns `leave`.
   */
  join(key: string, source: () => AudienceSource, deliver: Deliver): Promise<() => void>;
  /** Reads every audience's table again (after the bus may have lost messages). */
  resync(): void;
  /**
   * Reads one audience's table now, as a nudge would, and resolves once it has caught up with what was
   * committed (a client resuming from another instance may hold an id this process has not heard of yet).
   */
  refresh(key: string): Promise<void>;
  size(): number;
  /** Each audience's key and how many subscribers it has (for the metrics). */
  subscriberCounts(): Iterable<[string, number]>;
}

/**
 * The audiences of one process. Each has one bus subscription and one reader, however many sockets
 * follow it: an event is read and serialised once per audience, not once per subscriber.
 */
export function createAudiences(bus: EventBus, onError: (error: unknown) => void): Audiences {
  const audiences = new Map<string, Audience>();

  function pump(audience: Audience): Promise<void> {
    if (audience.pumping) {
      audience.pumpAgain = true;
      return audience.pumping;
    }
    audience.pumping = (async () => {
      try {
        await audience.started;
        do {
          audience.pumpAgain = false;
          for (;;) {
            const events = await audience.source.read(audience.lastId, audience.nudge);
            if (events.length === 0) break;
            audience.lastId = events[events.length - 1]!.id;
            for (const deliver of audience.subscribers) deliver(events);
          }
        } while (audience.pumpAgain);
      } catch (error) {
        // The next nudge reads from the same position again: nothing is skipped.
        onError(error);
      } finally {
        audience.pumping = null;
      }
    })();
    return audience.pumping;
  }

  function open(key: string, source: AudienceSource): Audience {
    const audience: Audience = {
      source,
      started: Promise.resolve(),
      lastId: 0,
      subscribers: new Set(),
      stopListening: () => {},
      pumping: null,
      pumpAgain: false,
      nudge: undefined,
    };
    audience.stopListening = bus.subscribe(source.channel, (nudge) => {
      audience.nudge = nudge;
      void pump(audience);
    });
    audience.started = source.latestId().then((id) => {
      audience.lastId = id;
    });
    audiences.set(key, audience);
    return audience;
  }

  return {
    async join(key, source, deliver) {
      let audience = audiences.get(key);
      if (!audience) audience = open(key, source());
      audience.subscribers.add(deliver);
      try {
        await audience.started;
      } catch (error) {
        audience.subscribers.delete(deliver);
        if (audiences.get(key) === audience && audience.subscribers.size === 0) {
          audience.stopListening();
          audiences.delete(key);
        }
        throw error;
      }
      const joined = audience;
      return () => {
        joined.subscribers.delete(deliver);
        if (joined.subscribers.size === 0 && audiences.get(key) === joined) {
          joined.stopListening();
          audiences.delete(key);
        }
      };
    },
    resync() {
      for (const audience of audiences.values()) void pump(audience);
    },
    async refresh(key) {
      const audience = audiences.get(key);
      if (audience) await pump(audience);
    },
    size: () => audiences.size,
    *subscriberCounts() {
      for (const [key, audience] of audiences) yield [key, audience.subscribers.size];
    },
  };
}

/**
 * A socket that cannot keep up (its unsent bytes above this) is closed rather than buffered without bound;
 * its client reconnects and resumes from the last event id it has. One MiB is hundreds of score updates.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** "Try again later": the client's reconnect and resume are the remedy. */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;

export function isFallenBehind(socket: WebSocket | undefined): boolean {
  return socket !== undefined && socket.bufferedAmount > MAX_BUFFERED_BYTES;
}

const audiencesByBus = new WeakMap<EventBus, Audiences>();

/**
 * How often every audience reads its table although no nudge came: the backstop for a nudge that never
 * left the instance that wrote the event (it committed, then died before its NOTIFY went out). Without it
 * that event waited for the tournament's next one: in the Saturday bench's kill, tournaments whose last
 * score was written on the dead instance never showed it on the survivor's sockets (decision 0704). One
 * read of nothing per audience every few seconds is the price.
 */
export const AUDIENCE_BACKSTOP_MS = 5_000;

/** The audiences of the process that owns `bus` (one bus per process; tests make one per server). */
export function audiencesOf(deps: {
  bus: EventBus;
  logger: { warn(details: object, message: string): void };
  metrics?: Pick<Metrics, 'dropped'>;
}): Audiences {
  let audiences = audiencesByBus.get(deps.bus);
  if (!audiences) {
    audiences = createAudiences(deps.bus, (error) => deps.logger.warn({ err: error }, 'live audience read failed'));
    // The bus may have lost nudges (it reconnected): every audience reads its table from where it is.
    deps.bus.onResync(audiences.resync);
    setInterval(audiences.resync, AUDIENCE_BACKSTOP_MS).unref();
    audiencesByBus.set(deps.bus, audiences);
  }
  return audiences;
}

/**
 * The catch-up of a stream that resumes from its events table (chat, feed): the events after `after` as `read`
 * gives them, a batch of at most `batch` at a time, until a read comes back short (nothing newer was there as it
 * read; what comes later is live). Returns the last id it yielded, `after` when there was none.
 */
export async function* eventsAfterId<T>(
  after: number,
  batch: number,
  read: (afterId: number) => Promise<{ id: number; event: T }[]>,
): AsyncGenerator<Tracked<T>, number> {
  let lastId = after;
  for (;;) {
    const missed = await read(lastId);
    for (const { id, event } of missed) {
      yield tracked(String(id), event);
      lastId = id;
    }
    if (missed.length < batch) return lastId;
  }
}

/**
 * A subscription's stream on an audience. It joins first, then runs `catchUp` (a snapshot, or the events
 * after the client's `lastEventId` read from the table, or nothing for a stream "from now on") which returns
 * the last event id it covered. The catch-up goes through tRPC as usual; its last event (or, after an empty
 * catch-up, the first live one) carries an IdProbe, so that as tRPC writes it, the stream learns its
 * subscription id on the socket. From then on the audience's
 * events after that id are written to the socket directly, one prepared frame per event with only the id
 * spliced in: no per-subscriber promise chain, no per-subscriber serialisation. A socket that has fallen
 * too far behind is closed instead of buffered (its client resumes from its last id). Without a socket (a
 * server-side caller) the events are yielded through tRPC instead.
 */
export async function* followAudience<T>(
  deps: Parameters<typeof audiencesOf>[0],
  options: {
    key: string;
    source: () => AudienceSource;
    signal: AbortSignal | undefined;
    socket: WebSocket | undefined;
    catchUp: () => AsyncGenerator<Tracked<T>, number>;
  },
): AsyncGenerator<Tracked<T>> {
  const { socket, signal } = options;
  const queue: AudienceEvent[] = [];
  let wake: (() => void) | null = null;
  let lastId = 0;
  let subscriptionId: string | number | undefined;
  let direct = false;

  /** Writes events straight to the socket, closing it instead if it has fallen too far behind. */
  const write = (events: AudienceEvent[]): void => {
    for (const event of events) {
      if (signal?.aborted || socket!.readyState !== socket!.OPEN) return;
      // Already covered by the catch-up.
      if (event.id <= lastId) continue;
      if (isFallenBehind(socket)) {
        deps.metrics?.dropped('slow_consumer');
        socket!.close(SLOW_CONSUMER_CLOSE_CODE, 'For treg forbindelse');
        return;
      }
      lastId = event.id;
      socket!.send(liveFrame(subscriptionId!, String(event.id), event.data));
    }
  };
  const leave = await audiencesOf(deps).join(options.key, options.source, (events) => {
    if (direct) return write(events);
    queue.push(...events);
    wake?.();
  });
  const stopped = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    // The catch-up, one event held back so that the last one can carry the probe.
    const catchUp = options.catchUp();
    let held: Tracked<T> | undefined;
    for (;;) {
      const step = await catchUp.next();
      if (step.done) {
        lastId = step.value;
        break;
      }
      if (held) yield held;
      held = step.value;
    }
    // A catch-up may be empty (chat "from now on"): then the first live event carries the probe instead.
    if (held)
      yield socket
        ? tracked(held[0], new IdProbe(held[1], (assigned) => (subscriptionId = assigned)) as unknown as T)
        : held;
    for (;;) {
      // tRPC asks for the next event only after writing the probed one: what came before is on the wire.
      if (subscriptionId !== undefined) {
        direct = true;
        write(queue.splice(0));
        await stopped;
        return;
      }
      if (signal?.aborted) return;
      const event = queue.shift();
      if (!event) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), stopped]);
        wake = null;
        continue;
      }
      if (event.id <= lastId) continue;
      lastId = event.id;
      // Serialised data of a T is a T on the wire (the WebSocket encoder writes its text): clients see T.
      const data = socket ? new IdProbe(event.data, (assigned) => (subscriptionId = assigned)) : event.data;
      yield tracked(String(event.id), data as unknown as T);
    }
  } finally {
    leave();
  }
}
