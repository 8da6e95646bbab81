// A real SMTP server for the e2e run: the API sends its e-mails here (SMTP_URL), and the tests read
// them over HTTP: GET /messages?to=<address> answers [{to, raw, at}], newest last.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2626);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 4626);
const messages: { to: string[]; raw: string; at: number }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return res.end('ok');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  }
  res.statusCode = 404;
  res.end();
}).listen(httpPort, '127.0.0.1', () => console.log(`smtp sink on ${smtpPort}, http ${httpPort}`));
