/**
 * A tiny SMTP sink for the browser tests: enough of RFC 5321 (EHLO/HELO, MAIL FROM, RCPT TO,
 * DATA, RSET, NOOP, QUIT) for nodemailer to deliver a plain message without TLS. STARTTLS and
 * AUTH are not advertised, so nodemailer never tries them. Each message is written, raw, to
 * its own file in `dir`; tests read them with the helpers below.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export interface SmtpSink {
  port: number;
  dir: string;
  close(): Promise<void>;
}

export async function startSmtpSink(dir: string): Promise<SmtpSink> {
  let sequence = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let recipients: string[] = [];

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO':
          reply('250-campo-sink');
          reply('250-8BITMIME');
          reply('250 SMTPUTF8');
          return;
        case 'HELO':
          return reply('250 campo-sink');
        case 'MAIL':
          recipients = [];
          return reply('250 OK');
        case 'RCPT':
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8).trim());
          return reply('250 OK');
        case 'DATA':
          if (!recipients.length) return reply('503 RCPT first');
          inData = true;
          data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          recipients = [];
          return reply('250 OK');
        case 'NOOP':
          return reply('250 OK');
        case 'QUIT':
          reply('221 Bye');
          socket.end();
          return;
        default:
          return reply('502 Command not implemented');
      }
    };

    const dataLine = (line: string) => {
      if (line === '.') {
        inData = false;
        sequence += 1;
        const name = `${String(Date.now()).padStart(14, '0')}-${String(sequence).padStart(5, '0')}.eml`;
        // The envelope goes first, as the Delivered-To lines a real mailbox would add.
        const envelope = recipients.map((r) => `X-Sink-Rcpt-To: ${r}\r\n`).join('');
        writeFileSync(join(dir, name), `${envelope}${data.join('\r\n')}\r\n`, 'latin1');
        recipients = [];
        return reply('250 OK: queued');
      }
      data.push(line.startsWith('..') ? line.slice(1) : line);
    };

    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) dataLine(line);
        else command(line);
        end = buffer.indexOf('\r\n');
      }
    });
    reply('220 campo-sink ESMTP');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP sink has no port');
  return {
    port: address.port,
    dir,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedMail {
  file: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  headers: Record<string, string>;
  subject: string;
  /** The decoded body text (quoted-printable or base64 undone, as UTF-8). */
  text: string;
  raw: string;
}

/** Undoes quoted-printable: soft line breaks ('=' at the end of a line) and =XX bytes, then UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'latin1'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, body: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );
}

/** Parses one raw single-part message as the sink stored it. */
export function parseMail(raw: string, file = ''): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  const to: string[] = [];
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'x-sink-rcpt-to') to.push(value.toLowerCase());
    else headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : Buffer.from(body, 'latin1').toString('utf8');
  return { file, to, headers, subject: decodeHeader(headers.subject ?? ''), text, raw };
}

/** Every message in the sink directory, oldest first. */
export function readMails(dir: string): ReceivedMail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(join(dir, name), 'latin1'), name));
}
