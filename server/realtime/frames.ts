/**
 * An event's data serialised once, for every subscriber of its audience. A subscription yields it inside
 * `tracked(id, frame)` like any other value; the WebSocket encoder below writes its JSON text into the
 * message in place of serialising the data again for each socket. With a thousand spectators that is the
 * difference between one JSON.stringify of the update and a thousand.
 */
export class SerialisedData {
  constructor(readonly json: string) {}

  static of(data: unknown): SerialisedData {
    return new SerialisedData(JSON.stringify(data));
  }
}

/** Stands in for the data while the rest of the message is serialised; NUL cannot occur in our own ids. */
const MARKER = '\u0000serialised\u0000';
const HOLE = JSON.stringify(MARKER);

/** What tRPC's WebSocket adapter hands its encoder for one subscription event. */
interface DataMessage {
  result?: { type?: string; data?: { id?: unknown; data?: unknown } };
}

/**
 * tRPC's WebSocket message encoder (`experimental_encoder` of applyWSSHandler), JSON as the default one,
 * except that a SerialisedData is spliced in as the text it already is. The rest of the message (the
 * subscription's id, the event id) is a few dozen bytes serialised per socket, as it must be.
 */
export const webSocketEncoder = {
  encode(message: unknown): string {
    const data = (message as DataMessage).result?.data;
    if (data?.data instanceof IdProbe) {
      data.data.onId((message as { id: string | number }).id);
      const plain = { ...(message as DataMessage).result, data: { ...data, data: data.data.data } };
      return webSocketEncoder.encode({ ...(message as object), result: plain });
    }
    if (!(data?.data instanceof SerialisedData)) return JSON.stringify(message);
    const shell = JSON.stringify(message, (_key, value: unknown) => (value instanceof SerialisedData ? MARKER : value));
    // The data is the message's last value; a client-chosen subscription id comes before it.
    const at = shell.lastIndexOf(HOLE);
    return shell.slice(0, at) + data.data.json + shell.slice(at + HOLE.length);
  },
  decode(text: string | ArrayBuffer | Uint8Array): unknown {
    if (typeof text !== 'string') throw new Error('only text frames are spoken here');
    return JSON.parse(text);
  },
};

/**
 * The last event of a subscription's catch-up, marked so that the encoder, as it writes that event, tells
 * the subscription its own id on the socket (tRPC does not hand it to the procedure). With the id, later
 * events can be written to the socket directly (`liveFrame`), outside tRPC's per-subscription pipeline.
 */
export class IdProbe {
  constructor(
    readonly data: unknown,
    readonly onId: (subscriptionId: string | number) => void,
  ) {}
}

/** Each event's frame after the subscription id, built once (an event's data is its own object). */
const tails = new WeakMap<SerialisedData, string>();

/**
 * The text tRPC would send for event `eventId` of subscription `subscriptionId` (a tracked event, as the
 * client's wsLink expects it), with everything after the subscription's id built once per event and shared
 * by every socket.
 */
export function liveFrame(subscriptionId: string | number, eventId: string, data: SerialisedData): string {
  let tail = tails.get(data);
  if (tail === undefined) {
    const id = JSON.stringify(eventId);
    tail = `,"result":{"type":"data","id":${id},"data":{"id":${id},"data":${data.json}}}}`;
    tails.set(data, tail);
  }
  return `{"id":${JSON.stringify(subscriptionId)}${tail}`;
}
