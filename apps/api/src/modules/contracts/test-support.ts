import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The text drawn on a PDF that pdf-lib wrote with its standard fonts (`<hex> Tj`, WinAnsi), one line
 * per draw, pages in order: enough to read back what the statement says.
 */
export async function pdfText(base64: string): Promise<string> {
  const doc = await PDFDocument.load(Buffer.from(base64, 'base64'));
  const winAnsi = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(winAnsi.decode(Buffer.from(hex ?? '', 'hex')));
    }
  }
  return lines.join('\n');
}
