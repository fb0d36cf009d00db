import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unusedPort } from './server';

/**
 * A real SMTP server for tests: `python3 -m aiosmtpd` (Debian package python3-aiosmtpd) writing every
 * message it receives into a Maildir, which the test reads back. Use its `url` as SMTP_URL:
 *
 *   const smtp = await startSmtpServer();
 *   const deps = await createTestDeps({ env: { SMTP_URL: smtp.url } });
 *   ... const [mail] = await smtp.waitForMessages(1);
 *   await smtp.close();
 */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded, if there is one. */
  html: string | null;
}

export interface SmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages(): ReceivedMail[];
  /** Waits until at least `count` messages have arrived (SMTP delivery is asynchronous to the sender). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** An interpreter that has aiosmtpd: pyenv's python3 may shadow Debian's, which holds the package. */
function pythonWithAiosmtpd(): string {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      execFileSync(candidate, ['-c', 'import aiosmtpd'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error('No python3 with aiosmtpd: apt-get install -y python3-aiosmtpd');
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Python's own MIME parser decodes the Maildir (quoted-printable, base64, encoded headers, multipart). */
const READ_MAILDIR = `
import json, os, sys
from email import policy
from email.parser import BytesParser
files = []
for sub in ('new', 'cur'):
    folder = os.path.join(sys.argv[1], sub)
    if os.path.isdir(folder):
        files += [os.path.join(folder, name) for name in os.listdir(folder)]
out = []
for file in sorted(files, key=lambda f: (os.stat(f).st_mtime_ns, f)):
    with open(file, 'rb') as f:
        msg = BytesParser(policy=policy.default).parse(f)
    text = msg.get_body(preferencelist=('plain',))
    html = msg.get_body(preferencelist=('html',))
    out.append({
        'from': str(msg['from'] or ''), 'to': str(msg['to'] or ''), 'subject': str(msg['subject'] or ''),
        'text': text.get_content() if text is not None else '',
        'html': html.get_content() if html is not None else None,
    })
print(json.dumps(out))
`;

export async function startSmtpServer(): Promise<SmtpServer> {
  const python = pythonWithAiosmtpd();
  const dir = mkdtempSync(path.join(tmpdir(), 'golf-smtp-'));
  const maildir = path.join(dir, 'Maildir');
  const port = await unusedPort();
  const child: ChildProcess = spawn(
    python,
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 10_000;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`aiosmtpd did not start on port ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const messages = (): ReceivedMail[] => {
    const json = execFileSync(python, ['-c', READ_MAILDIR, maildir], { encoding: 'utf8' });
    return JSON.parse(json) as ReceivedMail[];
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitForMessages(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const received = messages();
        if (received.length >= count) return received;
        if (Date.now() > until) throw new Error(`expected ${count} message(s), got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
