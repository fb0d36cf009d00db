import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The development outbox over HTTP, as a developer's phone gets it: a page that works under the
 * Content-Security-Policy (its stylesheet served beside it, no inline style or script), newest first,
 * filtered by address, links as links and the code set apart; /dev/mail.json keeps its shape.
 */
describe('the development outbox at /dev/mail', () => {
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
    await deps.mailer.send({
      to: 'kari@example.no',
      subject: 'Logg inn i Hullvis',
      text: 'Trykk på lenken:\nhttp://localhost:3000/login/verify?token=abc_DEF-123&x=1\n\nEller skriv koden: 482913',
    });
    deps.clock.advance(1);
    await deps.mailer.send({
      to: 'ola@example.no',
      subject: 'Invitasjon til <Fjellvik GK>',
      text: 'Åpne lenken:\nhttp://localhost:3000/klubber/bli-med?token=zzz',
    });
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });

  const page = async (query = '') => {
    const res = await fetch(`${server.url}/dev/mail${query}`);
    return { res, html: await res.text() };
  };

  it('is a phone-sized page under the CSP: viewport, its own stylesheet, no inline style or script', async () => {
    const { res, html } = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<link rel="stylesheet" href="/dev/mail.css">');
    expect(html).not.toMatch(/<style|<script|\sstyle=/i);

    const css = await fetch(`${server.url}/dev/mail.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.code');
  });

  it('lists the newest mail first, with its links clickable and the six-digit code set apart', async () => {
    const { html } = await page();
    expect(html.indexOf('Invitasjon til &#60;Fjellvik GK&#62;')).toBeGreaterThan(0);
    expect(html.indexOf('Invitasjon til')).toBeLessThan(html.indexOf('Logg inn i Hullvis'));
    expect(html).toContain(
      '<a href="http://localhost:3000/login/verify?token=abc_DEF-123&#38;x=1">http://localhost:3000/login/verify?token=abc_DEF-123&#38;x=1</a>',
    );
    expect(html).toContain('Eller skriv koden: <strong class="code">482913</strong>');
    expect(html).toContain('2 e-poster, nyeste først');
  });

  it('filters by address with ?to= (any part, any case), and says when nothing matches', async () => {
    const { html } = await page('?to=KARI');
    expect(html).toContain('Logg inn i Hullvis');
    expect(html).not.toContain('Invitasjon til');
    expect(html).toContain('value="KARI"');
    expect(html).toContain('1 av 2 e-poster');
    const none = await page('?to=per%40example.no');
    expect(none.html).toContain('Ingen e-post til adresser som inneholder «per@example.no».');
  });

  it('keeps /dev/mail.json as {messages}, newest first, and filters it the same way', async () => {
    const all = await (await fetch(`${server.url}/dev/mail.json`)).json();
    expect(Object.keys(all)).toEqual(['messages']);
    expect(all.messages.map((m: { to: string }) => m.to)).toEqual(['ola@example.no', 'kari@example.no']);
    expect(all.messages[0]).toEqual({
      to: 'ola@example.no',
      subject: 'Invitasjon til <Fjellvik GK>',
      text: expect.any(String),
      id: 2,
      sentAt: expect.any(String),
    });
    const kari = await (await fetch(`${server.url}/dev/mail.json?to=kari@example.no`)).json();
    expect(kari.messages.map((m: { id: number }) => m.id)).toEqual([1]);
  });
});
