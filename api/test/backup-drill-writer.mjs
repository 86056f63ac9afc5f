// The restore drill's writer (backup-drill.test.ts), a process of its own: through the portal's
// HTTP API it writes continuously, as the demo accounts, chat messages with a file attached,
// journal marks and payments, and prints each write the portal acknowledged as one JSON line
// with the instant of the acknowledgement. SIGTERM: the writes in flight finish, then it ends.
//   node backup-drill-writer.mjs '<json: { base, teacher, student, chat, cells, payment }>'
import { randomBytes } from 'node:crypto';

const plan = JSON.parse(process.argv[2]);
let stopping = false;
process.once('SIGTERM', () => (stopping = true));

const log = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

/** A browser's cookies and XSRF token. */
class Session {
  cookies = new Map();

  async fetch(path, init = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const response = await fetch(`${plan.base}${path}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async post(path, body) {
    const response = await this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return data(path, response);
  }

  static async signIn(account) {
    const session = new Session();
    await session.fetch('/lms/config.json');
    await session.post('/lms/api/auth/orize.json', account);
    return session;
  }
}

async function data(path, response) {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

async function chat(teacher) {
  for (let n = 1; !stopping; n++) {
    const text = `drill message ${n} ${randomBytes(4).toString('hex')}`;
    const content = randomBytes(1000 + Math.floor(Math.random() * 4000));
    const form = new FormData();
    for (const [name, value] of Object.entries(plan.chat)) form.append(name, String(value));
    form.append('message', text);
    form.append('files', new Blob([content]), `drill-${n}.bin`);
    const response = await teacher.fetch('/lms/api/chat/insert.json', {
      method: 'POST',
      body: form,
    });
    const message = await data('chat/insert.json', response);
    log({
      kind: 'chat',
      at: Date.now(),
      id: message.id_message,
      text,
      file: message.files[0],
      content: content.toString('base64'),
    });
  }
}

async function marks(teacher) {
  const values = ['5', '4', '3', '2'];
  for (let n = 0; n < plan.cells.length && !stopping; n++) {
    const cell = plan.cells[n];
    const otsenka = values[n % values.length];
    const saved = await teacher.post('/lms/api/visitlog/studentvisitupdate.json', {
      ...cell,
      otsenka,
    });
    log({ kind: 'mark', at: Date.now(), ...cell, otsenka, version: saved.version });
  }
}

/** A payment started, acknowledged, then cancelled, so the next one can start on the same code. */
async function payments(student) {
  for (let n = 1; !stopping; n++) {
    const key = `drill-${process.pid}-${n}-${randomBytes(6).toString('hex')}`;
    const payment = await student.post('/lms/api/misc/paybycard.json', {
      PaymentCode: plan.payment.code,
      amount: plan.payment.amount,
      idempotencyKey: key,
    });
    if (payment.inProgress) throw new Error(`payment ${payment.id_payment} was still open`);
    log({ kind: 'payment', at: Date.now(), id: payment.id_payment, key });
    await student.post('/lms/api/misc/paycancel.json', { id_payment: payment.id_payment });
  }
}

try {
  const teacher = await Session.signIn(plan.teacher);
  const student = await Session.signIn(plan.student);
  log({ kind: 'ready', at: Date.now() });
  await Promise.all([chat(teacher), marks(teacher), payments(student)]);
  log({ kind: 'done', at: Date.now() });
} catch (error) {
  log({ kind: 'error', at: Date.now(), error: String(error?.stack ?? error) });
  process.exitCode = 1;
}
