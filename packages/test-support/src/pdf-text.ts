import { decodePDFRawStream, PDFArray, PDFDocument, type PDFObject, PDFRawStream } from 'pdf-lib';

// A PDF read back with pdf-lib: the text each page draws. pdf-lib's standard fonts write text as hex
// strings (`<48656C6C6F> Tj`) in WinAnsi, Latin-1 for the letters the tests look for.

function streamsOf(document: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  const resolved = contents ? document.context.lookup(contents) : undefined;
  if (resolved instanceof PDFRawStream) return [resolved];
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((item) => streamsOf(document, item));
  return [];
}

/** The text of each page, its strings joined by a space. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) =>
    streamsOf(document, page.node.Contents())
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .flatMap((operators) =>
        [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
          Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
        ),
      )
      .join(' '),
  );
}
