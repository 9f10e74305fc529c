import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

// Test helpers for certificate PDFs: PDF text read back with pdf.js, and a background as a designer would deliver it.
// Test-only; never imported by the app.

/** The text of every page of a PDF, as a PDF reader extracts it (pdf.js, the legacy build that runs in Node). */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A one-page landscape background with a heading of its own, as a designer would deliver it. */
export async function backgroundPdf(heading = 'ZERTIFIKAT'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([841.89, 595.28]);
  page.drawRectangle({ x: 20, y: 20, width: 801.89, height: 555.28, borderColor: rgb(0.7, 0.5, 0.1), borderWidth: 6 });
  page.drawText(heading, { x: 300, y: 470, size: 44, font, color: rgb(0.7, 0.5, 0.1) });
  return Buffer.from(await doc.save());
}

/**
 * The QR code a PDF's first page shows, as a phone would read it: the page rendered by pdf.js (on the canvas it
 * brings along for Node) and decoded by jsQR. Null when no QR code is readable.
 */
export async function qrOfFirstPage(bytes: Uint8Array | Buffer): Promise<string | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { default: jsQR } = await import('jsqr');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    type Canvas2d = { getImageData(x: number, y: number, w: number, h: number): ImageData };
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: HTMLCanvasElement; context: Canvas2d };
    };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  } finally {
    await doc.destroy();
  }
}

/**
 * The first page of a PDF as a PNG, rendered by pdf.js on the canvas it brings along for Node (@napi-rs/canvas):
 * the one renderer every machine that runs the tests has, so a reference picture made on one matches on another.
 */
export async function firstPagePng(bytes: Uint8Array | Buffer, scale = 1): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale });
    const factory = doc.canvasFactory as {
      create(w: number, h: number): { canvas: { toBuffer(mime: 'image/png'): Buffer }; context: unknown };
    };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}
