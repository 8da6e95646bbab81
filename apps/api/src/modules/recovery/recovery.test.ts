import { messages } from '@central/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cookieHeader,
  cookiesFrom,
  type Harness,
  startHarness,
  TEST_PASSWORD,
} from '../../../test/harness.ts';
import { codeFrom, decodeQuotedPrintable, subjectOf } from '../../../test/smtp.ts';

const MARIA = '52998224725';
const JOAO = '11144477735';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  vi.useRealTimers();
});

type Jar = Record<string, string>;
const headers = (clientId: string, jar: Jar) => ({ client_id: clientId, cookie: cookieHeader(jar) });

async function call(
  clientId: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  jar: Jar,
  payload?: unknown,
) {
  const res = await h.app.inject({
    method,
    url: `/api/central${url}`,
    headers: headers(clientId, jar),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  cookiesFrom(res, jar);
  return res;
}

/** Runs the flow up to the e-mail: answers the jar and the received code. */
async function requestCode(clientId: string, document: string, mailIndex = 0, firstAccess = false) {
  const jar: Jar = {};
  const check = await call(clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: document, firstAccess });
  expect(check.statusCode).toBe(200);
  const emails = await call(clientId, 'GET', '/customer/list/protected-emails', jar);
  expect(emails.statusCode).toBe(200);
  const since = h.smtp.inbox.length;
  const sent = await call(clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex });
  expect(sent.statusCode).toBe(200);
  return {
    jar,
    emails: emails.json().emails as { index: number; email: string }[],
    sent: sent.json(),
    since,
  };
}

describe('password recovery, spec §4', () => {
  it('recovers a password with the e-mailed code; the old password then fails, the new works, old sessions end', async () => {
    const t = await h.tenant({ credentials: [MARIA] });
    const before = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: MARIA, password: TEST_PASSWORD },
    });
    const oldSession = cookiesFrom(before);

    const { jar, emails, sent, since } = await requestCode(t.clientId, '529.982.247-25');
    expect(emails).toEqual([{ index: 0, email: 'ma***@gm***.com' }]);
    expect(sent).toEqual({ email: 'ma***@gm***.com', expiresInMinutes: 10 });
    const mail = await h.smtp.next('maria.souza@gmail.com', since);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(`Provedor ${t.clientId}`);
    expect(body).toContain('10 minutos');
    expect(body).toContain('#0B5CAD');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // Lock screens show subjects: the code is only in the body.
    const subject = subjectOf(mail);
    expect(subject).toContain(`Provedor ${t.clientId}`);
    expect(subject.replace(/\D/g, '')).not.toContain(codeFrom(mail).replace(/\D/g, ''));

    expect((await call(t.clientId, 'GET', '/auth/verification-code-token', jar)).statusCode).toBe(200);
    const verified = await call(t.clientId, 'POST', '/check/verification-code', jar, {
      verificationCode: codeFrom(mail),
    });
    expect(verified.statusCode).toBe(200);
    expect((await call(t.clientId, 'GET', '/auth/change-password-token', jar)).statusCode).toBe(200);
    const changed = await call(t.clientId, 'PUT', '/customer/edit/password', jar, {
      newPassword: 'nova-senha-1',
      confirmNewPassword: 'nova-senha-1',
    });
    expect(changed.statusCode).toBe(200);

    const signIn = (password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/central/sign-in',
        headers: { client_id: t.clientId },
        payload: { cpfOrCnpj: MARIA, password },
      });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('nova-senha-1')).statusCode).toBe(200);
    const old = await h.app.inject({
      url: '/api/central/auth/valid-token',
      headers: headers(t.clientId, oldSession),
    });
    expect(old.statusCode).toBe(401);
    // The flow is over: its token cannot set another password.
    const replay = await call(t.clientId, 'PUT', '/customer/edit/password', jar, {
      newPassword: 'outra-senha',
      confirmNewPassword: 'outra-senha',
    });
    expect(replay.statusCode).toBe(401);
  });

  it('creates the first password of a customer with two e-mails, sent to the chosen one', async () => {
    const t = await h.tenant();
    const { jar, emails, since } = await requestCode(t.clientId, '111.444.777-35', 1, true);
    expect(emails).toEqual([
      { index: 0, email: 'jo***@gm***.com' },
      { index: 1, email: 'jp***@ou***.com' },
    ]);
    const mail = await h.smtp.next('jp.lima@outlook.com', since);
    expect(decodeQuotedPrintable(mail.raw)).toContain('criar a sua senha');
    await call(t.clientId, 'POST', '/check/verification-code', jar, {
      verificationCode: codeFrom(mail).replaceAll('-', ''),
    });
    const set = await call(t.clientId, 'PUT', '/customer/edit/password', jar, {
      newPassword: 'primeira1',
      confirmNewPassword: 'primeira1',
    });
    expect(set.statusCode).toBe(200);
    const signIn = await h.app.inject({
      method: 'POST',
      url: '/api/central/sign-in',
      headers: { client_id: t.clientId },
      payload: { cpfOrCnpj: JOAO, password: 'primeira1' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().session.customer.firstName).toBe('João');
  });

  it('answers every recovery error of spec §8 with its text', async () => {
    const t = await h.tenant();
    const jar: Jar = {};
    const noEmail = await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: '123.456.789-09' });
    expect(noEmail.statusCode).toBe(404);
    expect(noEmail.json()).toEqual({ code: 'NO_EMAIL', message: 'Nenhum e-mail associado ao CPF/CNPJ.' });
    const disabled = await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: '390.533.447-05' });
    expect(disabled.json().message).toBe('Acesso negado, cliente desabilitado');
    const unknown = await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: '935.411.347-80' });
    expect(unknown.json()).toEqual({ code: 'CUSTOMER_UNKNOWN', message: messages.customerUnknown });
    const invalid = await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: '111.111.111-11' });
    expect(invalid.json().message).toBe('Por favor informe um CPF válido');

    const { jar: flow } = await requestCode(t.clientId, MARIA);
    const badFormat = await call(t.clientId, 'POST', '/check/verification-code', flow, {
      verificationCode: '12345678',
    });
    expect(badFormat.json().message).toBe(
      'Por favor informe um código de verificação que contenha 9 números',
    );
    const wrong = await call(t.clientId, 'POST', '/check/verification-code', flow, {
      verificationCode: '000-000-000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: 'Código de verificação inválido' });
    const short = await call(t.clientId, 'PUT', '/customer/edit/password', flow, {
      newPassword: '123',
      confirmNewPassword: '123',
    });
    expect(short.json().message).toBe(
      'A nova senha precisa ter no mínimo 6 caracteres e no máximo 30 caracteres',
    );
    const mismatch = await call(t.clientId, 'PUT', '/customer/edit/password', flow, {
      newPassword: '1234567',
      confirmNewPassword: '7654321',
    });
    expect(mismatch.json().message).toBe('Por favor informe senhas que correspondam');
  });

  it('checks mailIndex against the customer own list', async () => {
    const t = await h.tenant();
    const jar: Jar = {};
    await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: MARIA });
    const out = await call(t.clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex: 1 });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toBe('Por favor selecione um e-mail');
    const negative = await call(t.clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex: -1 });
    expect(negative.statusCode).toBe(400);
    const missing = await call(t.clientId, 'POST', '/send/verification-code/mail', jar, {});
    expect(missing.json().message).toBe('Por favor selecione um e-mail');
  });

  it('voids a code after 5 wrong tries, even for the right code then', async () => {
    const t = await h.tenant();
    const { jar, since } = await requestCode(t.clientId, MARIA);
    const code = codeFrom(await h.smtp.next('maria.souza@gmail.com', since));
    const wrong = code === '111-111-111' ? '222-222-222' : '111-111-111';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await call(t.clientId, 'POST', '/check/verification-code', jar, { verificationCode: wrong })).json()
          .code,
      );
    }
    expect(codes).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'CODE_LOCKED']);
    const right = await call(t.clientId, 'POST', '/check/verification-code', jar, { verificationCode: code });
    expect(right.json()).toEqual({ code: 'CODE_LOCKED', message: messages.codeLocked });
    // The code page stays open (its check says the code is void); a new code can be asked for.
    expect((await call(t.clientId, 'GET', '/auth/verification-code-token', jar)).statusCode).toBe(200);
    const again = await call(t.clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex: 0 });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const t = await h.tenant();
    const { jar, since } = await requestCode(t.clientId, MARIA);
    const code = codeFrom(await h.smtp.next('maria.souza@gmail.com', since));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    const res = await call(t.clientId, 'POST', '/check/verification-code', jar, { verificationCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'CODE_EXPIRED', message: messages.codeExpired });
  });

  it('sends back a step opened directly by URL, or with the token of an earlier step', async () => {
    const t = await h.tenant();
    const none: Jar = {};
    for (const url of [
      '/customer/list/protected-emails',
      '/auth/verification-code-token',
      '/auth/change-password-token',
    ]) {
      const res = await call(t.clientId, 'GET', url, none);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'RECOVERY_STEP_INVALID', message: messages.notAuthenticated });
    }
    const jar: Jar = {};
    await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: MARIA });
    const stale = { ...jar };
    expect((await call(t.clientId, 'GET', '/auth/verification-code-token', jar)).statusCode).toBe(401);
    await call(t.clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex: 0 });
    expect((await call(t.clientId, 'GET', '/auth/change-password-token', jar)).statusCode).toBe(401);
    const skip = await call(t.clientId, 'PUT', '/customer/edit/password', jar, {
      newPassword: 'pulando1',
      confirmNewPassword: 'pulando1',
    });
    expect(skip.statusCode).toBe(401);
    // The first step's token was used to send the code: it is spent.
    const replay = await call(t.clientId, 'POST', '/send/verification-code/mail', stale, { mailIndex: 0 });
    expect(replay.statusCode).toBe(401);
  });

  it("refuses another tenant's step token", async () => {
    const a = await h.tenant();
    const b = await h.tenant();
    const { jar } = await requestCode(a.clientId, MARIA);
    const res = await call(b.clientId, 'GET', '/auth/verification-code-token', { ...jar });
    expect(res.statusCode).toBe(401);
    const verify = await call(
      b.clientId,
      'POST',
      '/check/verification-code',
      { ...jar },
      { verificationCode: '123456789' },
    );
    expect(verify.statusCode).toBe(401);
  });

  it('limits codes per customer per hour', async () => {
    const t = await h.tenant();
    const jar: Jar = {};
    await call(t.clientId, 'POST', '/check/cpf-cnpj', jar, { cpfCnpj: MARIA });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(t.clientId, 'POST', '/send/verification-code/mail', jar, { mailIndex: 0 })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never logs the code or the new password', async () => {
    const t = await h.tenant();
    const { jar, since } = await requestCode(t.clientId, MARIA);
    const code = codeFrom(await h.smtp.next('maria.souza@gmail.com', since));
    await call(t.clientId, 'POST', '/check/verification-code', jar, { verificationCode: code });
    await call(t.clientId, 'PUT', '/customer/edit/password', jar, {
      newPassword: 'segredo-novo',
      confirmNewPassword: 'segredo-novo',
    });
    const logs = h.logLines.join('');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(code.replaceAll('-', ''));
    expect(logs).not.toContain('segredo-novo');
    expect(logs).not.toContain('maria.souza@gmail.com');
  });
});

describe('password change in the panel', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const t = await h.tenant({ credentials: [MARIA] });
    const signIn = async (password: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/central/sign-in',
        headers: { client_id: t.clientId },
        payload: { cpfOrCnpj: MARIA, password },
      });
      return { status: res.statusCode, jar: cookiesFrom(res) };
    };
    const phone = (await signIn(TEST_PASSWORD)).jar;
    const laptop = (await signIn(TEST_PASSWORD)).jar;
    const wrong = await call(t.clientId, 'PUT', '/customer/edit/password', phone, {
      currentPassword: 'errada',
      newPassword: 'trocada1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'INVALID_CURRENT_PASSWORD', message: 'Senha atual inválida' });
    const ok = await call(t.clientId, 'PUT', '/customer/edit/password', phone, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'trocada1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Senha atualizada com sucesso!' });
    expect((await call(t.clientId, 'GET', '/auth/valid-token', phone)).statusCode).toBe(200);
    expect((await call(t.clientId, 'GET', '/auth/valid-token', laptop)).statusCode).toBe(401);
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    expect((await signIn('trocada1')).status).toBe(200);
  });

  it('needs a session', async () => {
    const t = await h.tenant({ credentials: [MARIA] });
    const res = await call(
      t.clientId,
      'PUT',
      '/customer/edit/password',
      {},
      {
        currentPassword: TEST_PASSWORD,
        newPassword: 'trocada1',
      },
    );
    expect(res.statusCode).toBe(401);
  });
});
