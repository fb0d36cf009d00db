import net from 'node:net';

export interface RoundTripCounter {
  /** The database URL, with its host and port replaced by the counter's. */
  url: string;
  /** Flights since the last reset: each time the client writes after the server has answered, one more. */
  roundTrips(): number;
  /** What the client wrote in each flight since the last reset. */
  flights(): Buffer[];
  /**
   * Keeps PostgreSQL's answers to flights that are a lone `COMMIT` from reaching the client until `release()`:
   * whatever the client achieves meanwhile did not wait for its commit.
   */
  holdCommits(): void;
  release(): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the client and PostgreSQL that counts round trips as the wire sees them: a client
 * burst that starts after the server has sent something is a new round trip; messages the client writes
 * without waiting for an answer (pipelined) are part of the same one.
 */
export async function countRoundTrips(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  let count = 0;
  let serverSpokeLast = true;
  let written: Buffer[] = [];
  let holding = false;
  const held: (() => void)[] = [];
  const isLoneCommit = (flight: Buffer | undefined) => flight?.toString('latin1') === 'Q\0\0\0\x0bcommit\0';
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        server.destroy();
      });
    }
    client.on('data', (chunk) => {
      if (serverSpokeLast) {
        count++;
        written.push(chunk);
      } else {
        written[written.length - 1] = Buffer.concat([written.at(-1)!, chunk]);
      }
      serverSpokeLast = false;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      serverSpokeLast = true;
      if (holding && isLoneCommit(written.at(-1))) held.push(() => client.write(chunk));
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    roundTrips: () => count,
    flights: () => written,
    holdCommits: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const write of held.splice(0)) write();
    },
    reset: () => {
      count = 0;
      written = [];
      serverSpokeLast = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
