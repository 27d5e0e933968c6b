import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** The next message not yet taken by an earlier call, waiting for it if need be. */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  /** While held, the server reads a message but does not accept it (no reply to DATA). */
  hold(): void;
  release(): void;
  /** Messages read in full but not yet answered (held): the sender cannot know they arrived. */
  held(): number;
  close(): Promise<void>;
}

/** A real SMTP server on a random loopback port, keeping every message it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  let waiters: (() => void)[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  let heldCount = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        heldCount += 1;
        void gate.then(() => {
          heldCount -= 1;
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          const ready = waiters;
          waiters = [];
          for (const wake of ready) wake();
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMail(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no email arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      taken += 1;
      return received[taken - 1] as ReceivedMail;
    },
    hold() {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    held: () => heldCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  contentType: string;
  body: string;
}

/** Header lines of a MIME entity, unfolded, keyed lower-case. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The top-level headers and the decoded leaf parts of a (possibly multipart) message. */
export function parseMail(raw: string): { headers: Map<string, string>; parts: MimePart[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { headers, parts: leafParts(headers, body) };
}

function leafParts(headers: Map<string, string>, body: string): MimePart[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary) {
    return [
      {
        contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
        body: decodeBody(body, headers.get('content-transfer-encoding')),
      },
    ];
  }
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => {
      const content = section.replace(/^\r?\n/, '');
      const end = content.search(/\r?\n\r?\n/);
      const partHeaders = parseHeaders(content.slice(0, end));
      const partBody = content
        .slice(end)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, '');
      return leafParts(partHeaders, partBody);
    });
}
