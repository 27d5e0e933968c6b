import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The Encrypted Content-Encoding (RFC 8188) library web-push encrypts with.
import ece from 'http_ece';
import { PushPayloadSchema, type PushPayload } from '@app/shared';

/** A push as the push service received it, still encrypted. */
export interface ReceivedPush {
  /** The endpoint's path: which browser it is for. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of one subscription: what it gives the server, and how it reads a push. */
export interface StandInBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The pushes to this browser, decrypted with its private key, as the service worker reads them. */
  pushes(): PushPayload[];
  /** From now on the push service answers 410 Gone for it (the browser unsubscribed). */
  gone(): void;
}

export interface PushServiceStandIn {
  /** https://127.0.0.1:port */
  origin: string;
  /** Trusts the stand-in's certificate: give it to the app's `createWebPushSender`. */
  agent: Agent;
  received: ReceivedPush[];
  /** A browser subscribed at `/push/<name>`, with a P-256 key pair and auth secret of its own. */
  browser(name: string): StandInBrowser;
  close(): Promise<void>;
}

/**
 * A web push service (RFC 8030) on a loopback port, over TLS with a certificate made for it (the
 * `web-push` library speaks https only): it takes each push, answers 201, and keeps it for the
 * test, which decrypts it with the browser's keys. Needs the `openssl` command.
 */
export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...'req -x509 -nodes -days 1 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1'.split(' '),
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', keyFile, '-out', certFile],
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const goneSet = new Set<string>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method !== 'POST' || !path.startsWith('/push/')) {
        response.writeHead(404).end();
        return;
      }
      if (goneSet.has(path)) {
        response.writeHead(410).end('push subscription has unsubscribed or expired');
        return;
      }
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201, { location: `${path}/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    received,
    browser(name) {
      const path = `/push/${name}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        pushes: () =>
          received
            .filter((push) => push.path === path)
            .map((push) => {
              if (push.headers['content-encoding'] !== 'aes128gcm')
                throw new Error('not an aes128gcm push');
              const plain = ece.decrypt(push.body, {
                version: 'aes128gcm',
                privateKey: ecdh,
                authSecret,
              });
              return PushPayloadSchema.parse(JSON.parse(plain.toString('utf8')));
            }),
        gone: () => goneSet.add(path),
      };
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
