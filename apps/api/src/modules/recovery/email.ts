import { formatVerificationCode } from '@central/domain';
import { brandColor, emailHtml, escapeHtml } from '../../integrations/mail/layout.ts';

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
  const color = brandColor(o.primaryColor);
  const alias = escapeHtml(o.alias);
  const html = emailHtml({
    subject,
    alias: o.alias,
    color,
    body: `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">Use o código abaixo para ${purpose} na Central do Assinante ${alias}:</p>
<p style="margin:0 0 16px;text-align:center;font-size:32px;letter-spacing:4px;font-weight:bold;color:${color}">${code}</p>
<p style="margin:0 0 8px;font-size:14px">O código vale por ${o.validMinutes} minutos e só pode ser usado uma vez.</p>
<p style="margin:0;font-size:14px;color:#52606d">Se você não pediu este código, ignore este e-mail: a sua senha continua a mesma.</p>`,
  });
  return { subject, text, html };
}
