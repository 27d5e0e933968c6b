import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  /** Text (an invite), or bytes (a receipt's PDF). */
  content: string | Buffer;
  /** `text/calendar; method=REQUEST` for an invite. */
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail goes out over SMTP when SMTP_URL is set. Without it (development only: production
 * refuses to start), each message is written to MAIL_DIR as an .eml file anyone can open.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.dir, { recursive: true });
      const file = join(
        options.dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // The file name only: subjects may name a ride's time, and logs keep no personal data.
      options.log.info({ file }, 'email written to disk (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}
