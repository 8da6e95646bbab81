/** What the portal's e-mails share: HTML escaping and the frame in the provider's name and colour. */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The provider's primary colour when it is one, the portal's blue otherwise (it is written into CSS). */
export const brandColor = (primary: string) => (/^#[0-9a-fA-F]{3,8}$/.test(primary) ? primary : '#1976d2');

/**
 * A whole HTML e-mail: the provider's name on a band of its colour, `body` (HTML, already escaped) and
 * 'Equipe {alias}' at the foot, in tables as mail readers need.
 */
export function emailHtml(o: {
  subject: string;
  alias: string;
  color: string;
  body: string;
  width?: number;
}) {
  const alias = escapeHtml(o.alias);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(o.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Roboto,Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${o.width ?? 480}px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${o.color};color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${alias}</td></tr>
<tr><td style="padding:24px">
${o.body}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#7b8794;border-top:1px solid #e4e7eb">Equipe ${alias}</td></tr>
</table></td></tr></table></body></html>`;
}
