import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text as Twilio's Messages API received it. */
export interface StandInText {
  accountSid: string;
  /** The account SID and token of the Basic authorization. */
  auth: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  sid: string;
}

export interface TwilioStandIn {
  baseUrl: string;
  texts: StandInText[];
  /** The next `count` requests are refused as Twilio refuses an invalid number (400, 21211). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * Twilio's Messages API on a loopback port (`POST /2010-04-01/Accounts/:sid/Messages.json`), for
 * the real SDK to talk to: it keeps each text and answers as Twilio does.
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const texts: StandInText[] = [];
  let refusals = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(
        request.url ?? '',
      );
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || !match)
        return reply(404, { code: 20404, message: 'Not found', status: 404 });
      if (refusals > 0) {
        refusals -= 1;
        return reply(400, {
          code: 21211,
          message: "The 'To' number is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const text: StandInText = {
        accountSid: match[1] as string,
        auth: Buffer.from(
          (request.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        ).toString(),
        to: form.get('To') ?? '',
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
        sid,
      };
      texts.push(text);
      reply(201, {
        sid,
        account_sid: text.accountSid,
        to: text.to,
        from: text.from,
        body: text.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${text.accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    texts,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
