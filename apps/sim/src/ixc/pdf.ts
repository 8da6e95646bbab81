// A minimal PDF writer: A4 pages of Helvetica text (WinAnsi, so Portuguese accents print), stroked lines
// and boxes, and filled rectangles (the boleto's bars). Content streams are left uncompressed, so a test
// can read what was drawn.

const A4 = { width: 595.28, height: 841.89 };

function num(value: number): string {
  return Number(value.toFixed(3)).toString();
}

/** A PDF string literal in WinAnsi (Latin-1 for the characters used here); others become '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const byte = code < 0x20 || (code > 0x7e && code < 0xa0) || code > 0xff ? 63 : code;
    const c = String.fromCharCode(byte);
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return `(${out})`;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
}

export class PdfPage {
  readonly width = A4.width;
  readonly height = A4.height;
  private readonly ops: string[] = [];

  /** Text with its baseline at (x, y), in points from the bottom-left corner. */
  text(x: number, y: number, text: string, opts: TextOptions = {}): this {
    const font = opts.bold ? '/F2' : '/F1';
    this.ops.push(`BT ${font} ${num(opts.size ?? 9)} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`);
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6): this {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
    return this;
  }

  dashedLine(x1: number, y1: number, x2: number, y2: number): this {
    this.ops.push(`[3 2] 0 d ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S [] 0 d`);
    return this;
  }

  box(x: number, y: number, w: number, h: number, width = 0.6): this {
    this.ops.push(`${num(width)} w ${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
    return this;
  }

  /** A filled black rectangle: the only kind of fill this writer draws. */
  fill(x: number, y: number, w: number, h: number): this {
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
    return this;
  }

  /** Marks the start of a named group in the content (a PDF comment). */
  comment(text: string): this {
    this.ops.push(`% ${text.replace(/[\r\n]/g, ' ')}`);
    return this;
  }

  content(): string {
    return `0 g 0 G\n${this.ops.join('\n')}\n`;
  }
}

/** The document: catalog, page tree, fonts, one content stream per page, xref table and trailer. */
export function pdfDocument(pages: PdfPage[], title = ''): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then (page, content) per page
  const pageIds = pages.map((_, i) => 6 + i * 2);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Producer (central-sim) /Title ${pdfString(title)} >>`);
  pages.forEach((page, i) => {
    const contentId = (pageIds[i] ?? 0) + 1;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`,
    );
    const content = page.content();
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
  });

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
