import { formatVerificationCode } from '@central/domain';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The verification-code e-mail, in the provider's name and colour, as text and HTML. */
export function verificationCodeEmail(o: {
  alias: string;
  primaryColor: string;
  customerFirstName: string;
  code: string;
  validMinutes: number;
  firstAccess: boolean;
}) {
  const code = formatVerificationCode(o.code);
  const purpose = o.firstAccess ? 'criar a sua senha de acesso' : 'redefinir a sua senha';
  // Lock screens show subjects: the code goes in the body only.
  const subject = `${o.alias}: seu código de verificação`;
  const greeting = o.customerFirstName ? `Olá, ${o.customerFirstName}!` : 'Olá!';
  const text = [
    greeting,
    '',
    `Use o código abaixo para ${purpose} na Central do Assinante ${o.alias}:`,
    '',
    `    ${code}`,
    '',
    `O código vale por ${o.validMinutes} minutos e só pode ser usado uma vez.`,
    'Se você não pediu este código, ignore este e-mail: a sua senha continua a mesma.',
    '',
    `Equipe ${o.alias}`,
  ].join('\n');
  const color = /^#[0-9a-fA-F]{3,8}$/.test(o.primaryColor) ? o.primaryColor : '#1976d2';
  const alias = escapeHtml(o.alias);
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Roboto,Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${alias}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">Use o código abaixo para ${purpose} na Central do Assinante ${alias}:</p>
<p style="margin:0 0 16px;text-align:center;font-size:32px;letter-spacing:4px;font-weight:bold;color:${color}">${code}</p>
<p style="margin:0 0 8px;font-size:14px">O código vale por ${o.validMinutes} minutos e só pode ser usado uma vez.</p>
<p style="margin:0;font-size:14px;color:#52606d">Se você não pediu este código, ignore este e-mail: a sua senha continua a mesma.</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#7b8794;border-top:1px solid #e4e7eb">Equipe ${alias}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
