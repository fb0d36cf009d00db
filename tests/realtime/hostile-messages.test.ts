import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps } from '../helpers/deps';
import { openRawSocket } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';

/** docs/contract.md section 2 over the WebSocket too: hostile messages get a 4xx error, and the socket stays usable. */
describe('hostile WebSocket messages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(await createTestDeps());
  });
  afterAll(() => server.close());

  it('answers deep nesting, broken JSON, binary frames and NUL with 4xx errors, never 5xx', async () => {
    const socket = await openRawSocket(server, null);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    socket.socket.send(`{"id":1,"method":"subscription","params":{"path":"rounds.onUpdate","input":${deep}}}`);
    socket.socket.send('not json');
    socket.socket.send(Buffer.from([0xff, 0x00, 0x01]), { binary: true });
    socket.socket.send(
      JSON.stringify({
        id: 2,
        method: 'subscription',
        params: { path: 'rounds.onUpdate', input: { roundId: 'a\u0000b' } },
      }),
    );
    socket.socket.send(JSON.stringify({ id: 3, method: 'query', params: { path: 'auth.me', input: null } }));
    await socket.waitFor(() => socket.messages.filter((m) => m.error).length >= 5, 'five errors');

    const errors = socket.messages.map((m) => [
      m.id,
      m.error?.data?.appCode,
      (m.error?.data as { httpStatus?: number })?.httpStatus,
    ]);
    expect(errors).toEqual(
      expect.arrayContaining([
        [null, 'INVALID_INPUT', 400],
        [null, 'INVALID_INPUT', 400],
        [1, 'INVALID_INPUT', 400],
        [2, 'INVALID_INPUT', 400],
        [3, 'NOT_AUTHENTICATED', 401],
      ]),
    );
    expect(socket.messages.every((m) => ((m.error?.data as { httpStatus?: number })?.httpStatus ?? 0) < 500)).toBe(
      true,
    );
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });
});
