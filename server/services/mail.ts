import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the outbox table (what each recipient would receive). */
export async function createMailer(options: { smtpUrl: string; from: string; db: Db; log: FastifyBaseLogger }): Promise<Mailer> {
  if (options.smtpUrl) {
    const nodemailer = await import('nodemailer');
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent through SMTP');
      },
    };
  }
  return {
    async send(mail) {
      await options.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      options.log.info({ to: mail.to, subject: mail.subject }, 'mail written to the outbox');
    },
  };
}
