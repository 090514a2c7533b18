import { createServer as createTcpServer, type Server } from 'node:net';

/** A minimal SMTP receiver (RFC 5321 happy path, no TLS, no auth): records each message's envelope and data. */
export async function startFakeSmtp() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createTcpServer((socket) => {
    let buffer = '';
    let current = { from: '', to: [] as string[], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 OK queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${address.port}`, messages, close: () => server.close() };
}

/** The text of a MIME message: quoted-printable and base64 parts and encoded-word headers decoded. */
export function decodeMime(data: string): string {
  const headerWords = data.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  const quoted = headerWords.replace(/=\r\n/g, '');
  const qp = Buffer.from(
    quoted.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  const base64Parts = [
    ...data.matchAll(/Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((match) => Buffer.from((match[1] ?? '').replace(/\r\n/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}
