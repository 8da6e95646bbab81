// Real IXC answers some failures (a bad column, a partial PUT, a PHP warning) HTTP 200, text/html, with an
// HTML page instead of `{type:'error'}`. Its own page is a red box, as IXC's API guide shows it ("504 - Timed
// out") and as public integrations met it with HTTP 200 (entria/woovi-ixcsoft, `extractHtmlMessage`); PHP
// warnings come before it in PHP's html_errors markup. A client must not parse either as an empty listing.

export const IXC_HTML_ERROR_MESSAGE = 'Ocorreu um erro ao processar. Contate o suporte IXC Soft.';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** IXC's error box, byte for byte the markup of its API guide, with `message` inside. */
export function htmlErrorPage(message: string = IXC_HTML_ERROR_MESSAGE): string {
  return (
    '<div style="margin:40px; padding:30px; background:#FF0000; border:1px solid #000; color:#FFF; ' +
    'font-weight:bold; font-family:Arial, Helvetica, sans-serif; font-size:12px; text-align:center">' +
    `${escapeHtml(message)}</div>`
  );
}

/** One PHP error in html_errors format: `<br />\n<b>Warning</b>:  {message} in <b>{file}</b> on line <b>{n}</b><br />\n`. */
export function phpErrorLine(
  level: 'Warning' | 'Notice' | 'Fatal error',
  message: string,
  file = '/var/www/ixc/administrativo/webservice/v1/classes/Webservice.class.php',
  line = 1187,
): string {
  return `<br />\n<b>${level}</b>:  ${escapeHtml(message)} in <b>${file}</b> on line <b>${line}</b><br />\n`;
}
