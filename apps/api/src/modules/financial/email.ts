import { formatCents, formatDateBR } from '@central/domain';
import { brandColor, emailHtml, escapeHtml } from '../../integrations/mail/layout.ts';

/** '23793.38128 60000.000003 00000.000400 1 84340000008990', as a bank's form groups the 47 digits. */
function groupedLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}

/**
 * An open invoice by e-mail (issue 15), in the provider's name and colour, as text and HTML: the value
 * and due date, the digitable line and the PIX copy-and-paste code when there are; the boleto goes as an
 * attachment.
 */
export function invoiceEmail(o: {
  alias: string;
  primaryColor: string;
  customerFirstName: string;
  invoiceId: string;
  openValueCents: number;
  dueDate: string;
  linhaDigitavel: string | null;
  pixCode: string | null;
  hasBoleto: boolean;
}) {
  const subject = `${o.alias}: sua fatura nº ${o.invoiceId}`;
  const greeting = o.customerFirstName ? `Olá, ${o.customerFirstName}!` : 'Olá!';
  const value = formatCents(o.openValueCents);
  const due = formatDateBR(o.dueDate);
  const line = o.linhaDigitavel ? groupedLine(o.linhaDigitavel) : null;
  const text = [
    greeting,
    '',
    `Segue a sua fatura nº ${o.invoiceId}, como pedido na Central do Assinante ${o.alias}.`,
    '',
    `Valor: ${value}`,
    `Vencimento: ${due}`,
    ...(line ? ['', 'Linha digitável do boleto:', line] : []),
    ...(o.pixCode ? ['', 'PIX copia e cola:', o.pixCode] : []),
    ...(o.hasBoleto ? ['', `O boleto está anexado a este e-mail (boleto-${o.invoiceId}.pdf).`] : []),
    '',
    'Se você já pagou esta fatura, desconsidere este e-mail.',
    '',
    `Equipe ${o.alias}`,
  ].join('\n');
  const alias = escapeHtml(o.alias);
  const block = (label: string, body: string) =>
    `<p style="margin:16px 0 4px;font-size:14px;font-weight:bold">${label}</p>
<p style="margin:0;font-family:monospace;font-size:14px;word-break:break-all;background:#f4f6f8;padding:8px;border-radius:4px">${escapeHtml(body)}</p>`;
  const html = emailHtml({
    subject,
    alias: o.alias,
    color: brandColor(o.primaryColor),
    width: 520,
    body: `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">Segue a sua fatura nº ${escapeHtml(o.invoiceId)}, como pedido na Central do Assinante ${alias}.</p>
<p style="margin:0;font-size:16px">Valor: <strong>${escapeHtml(value)}</strong><br>Vencimento: <strong>${escapeHtml(due)}</strong></p>
${line ? block('Linha digitável do boleto', line) : ''}
${o.pixCode ? block('PIX copia e cola', o.pixCode) : ''}
${o.hasBoleto ? `<p style="margin:16px 0 0;font-size:14px">O boleto está anexado a este e-mail (boleto-${escapeHtml(o.invoiceId)}.pdf).</p>` : ''}
<p style="margin:16px 0 0;font-size:14px;color:#52606d">Se você já pagou esta fatura, desconsidere este e-mail.</p>`,
  });
  return { subject, text, html };
}
