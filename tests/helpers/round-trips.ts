import net from 'node:net';

export interface RoundTripCounter {
  /** The database URL, with its host and port replaced by the counter's. */
  url: string;
  /** Flights since the last reset: each time the client writes after the server has answered, one more. */
  roundTrips(): number;
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
      if (serverSpokeLast) count++;
      serverSpokeLast = false;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      serverSpokeLast = true;
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    roundTrips: () => count,
    reset: () => {
      count = 0;
      serverSpokeLast = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
