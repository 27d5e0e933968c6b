import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import twilio from 'twilio';

export interface TextMessage {
  /** E.164. */
  to: string;
  body: string;
}

/** Sends a text; answers the provider's id of it. One interface, Twilio or the local sandbox. */
export interface SmsSender {
  name: 'twilio' | 'sandbox';
  send(message: TextMessage): Promise<{ id: string }>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
}

/**
 * Texts through Twilio's official SDK. `apiBaseUrl` points the SDK at a local stand-in (tests);
 * unset, it talks to Twilio itself.
 */
export function createTwilioSender(settings: TwilioSettings, apiBaseUrl?: string): SmsSender {
  const httpClient = apiBaseUrl ? new RedirectingClient(apiBaseUrl) : undefined;
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(httpClient ? { httpClient } : {}),
    // The outbox retries with its own backoff; the SDK's retries would only hide the failure.
    autoRetry: false,
    timeout: 30_000,
  });
  const sender = settings.from.startsWith('MG')
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    name: 'twilio',
    async send(message) {
      const sent = await client.messages.create({ to: message.to, body: message.body, ...sender });
      return { id: sent.sid };
    },
  };
}

/** The SDK's own HTTP client, sending what it would send to Twilio's hosts to another base. */
class RedirectingClient extends twilio.RequestClient {
  private readonly base: string;
  constructor(base: string) {
    super();
    this.base = base;
  }
  override request<T>(options: Parameters<twilio.RequestClient['request']>[0]) {
    const uri = options.uri.replace(/^https:\/\/[a-z0-9.-]+\.twilio\.com/, this.base);
    return super.request<T>({ ...options, uri } as Parameters<
      twilio.RequestClient['request']
    >[0] & { data?: T });
  }
}

/**
 * The number Twilio's test credentials refuse as invalid (its error 21211). The sandbox refuses
 * it too, so that a text that cannot be sent can be tried end to end, as the payments sandbox
 * declines its test card.
 */
export const SANDBOX_INVALID_NUMBER = '+15005550001';

/**
 * Development and tests without Twilio (refused in production by the configuration): each text
 * is written to a file in `dir`, as mail is without SMTP.
 */
export function createSandboxSmsSender(dir: string): SmsSender {
  let count = 0;
  return {
    name: 'sandbox',
    send(message) {
      if (message.to === SANDBOX_INVALID_NUMBER) {
        // Shaped as the SDK's RestException, so that the outbox records it as it would Twilio's.
        const refused = Object.assign(new Error("The 'To' number is not a valid phone number."), {
          name: 'RestException',
          code: 21211,
          status: 400,
        });
        return Promise.reject(refused);
      }
      count += 1;
      const id = `SMsandbox${Date.now().toString(36)}${count}`;
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${id}.txt`), `To: ${message.to}\n\n${message.body}\n`);
      return Promise.resolve({ id });
    },
  };
}
