// A4 pages drawn with pdf-lib in the few shapes our documents use: Helvetica text, stroked lines and boxes,
// and groups of filled rectangles (the boleto's bars) inside a marked-content sequence, so that a test can
// find them in the page's content stream.

import {
  beginMarkedContent,
  endMarkedContent,
  fill,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingGrayscaleColor,
} from 'pdf-lib';

export interface TextOptions {
  size?: number;
  bold?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** what Helvetica's WinAnsi encoding can print; anything else becomes '?' */
  printable: Set<number>;
}

export class PdfPage {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  get width(): number {
    return this.page.getWidth();
  }

  get height(): number {
    return this.page.getHeight();
  }

  /** Text with its baseline at (x, y), in points from the bottom-left corner. */
  text(x: number, y: number, text: string, opts: TextOptions = {}): this {
    const printable = [...text].map((ch) => (this.fonts.printable.has(ch.codePointAt(0) ?? 0) ? ch : '?'));
    this.page.drawText(printable.join(''), {
      x,
      y,
      size: opts.size ?? 9,
      font: opts.bold ? this.fonts.bold : this.fonts.regular,
    });
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6): this {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: width });
    return this;
  }

  dashedLine(x1: number, y1: number, x2: number, y2: number): this {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.6, dashArray: [3, 2] });
    return this;
  }

  box(x: number, y: number, w: number, h: number, width = 0.6): this {
    this.page.drawRectangle({ x, y, width: w, height: h, borderWidth: width, borderColor: rgb(0, 0, 0) });
    return this;
  }

  /** Filled black rectangles (`x y w h re f`), marked as one group: `/{tag} BMC ... EMC`. */
  filledGroup(tag: string, rects: Rect[]): this {
    this.page.pushOperators(
      beginMarkedContent(tag),
      pushGraphicsState(),
      setFillingGrayscaleColor(0),
      ...rects.flatMap((r) => [rectangle(r.x, r.y, r.width, r.height), fill()]),
      popGraphicsState(),
      endMarkedContent(),
    );
    return this;
  }
}

export interface DocumentInfo {
  title: string;
  /** the simulator's clock: the document's dates, so that the same call gives the same bytes */
  now: Date;
}

/** A PDF with one A4 page per drawing function. */
export async function pdfDocument(info: DocumentInfo, pages: ((page: PdfPage) => void)[]): Promise<Buffer> {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(info.title);
  doc.setProducer('central-sim');
  doc.setCreationDate(info.now);
  doc.setModificationDate(info.now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const fonts: Fonts = {
    regular,
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    printable: new Set(regular.getCharacterSet()),
  };
  for (const draw of pages) draw(new PdfPage(doc.addPage(PageSizes.A4), fonts));
  return Buffer.from(await doc.save());
}
