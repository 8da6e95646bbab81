import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Answers where the message went: the SMTP message id, or the .eml file in the outbox. */
  send(message: MailMessage): Promise<{ delivered: 'smtp' | 'outbox'; id: string }>;
  close(): void;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set (smtp://user:pass@host:587, smtps://… for TLS).
 * Without it (the embedded demo) each message is written to `outboxDir` as an .eml file.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  timeoutMs?: number;
}): Mailer {
  const fromAddress = opts.from;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: opts.timeoutMs ?? 10_000,
      greetingTimeout: opts.timeoutMs ?? 10_000,
      socketTimeout: opts.timeoutMs ?? 10_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(m) {
        const info = await transport.sendMail({
          from: { name: m.fromName, address: fromAddress },
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: m.attachments,
        });
        return { delivered: 'smtp', id: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: { name: m.fromName, address: fromAddress },
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments,
      });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      return { delivered: 'outbox', id: file };
    },
    close: () => transport.close(),
  };
}
