import { formatSelfReadingCode, toDanishDate } from '@maaler/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { writable } from '../shared/pdf-text.ts';
import { letterTexts as t } from './letter-texts.ts';

// The printed self-reading letter (ADR 043): one A4 page per meter with the link as a QR code and as a
// short code to type. Standard PDF fonts only (nothing embedded), so a page stays a few kilobytes.

/** What one letter says: where, which meter, until when, and how to open the link. */
export type LetterContent = {
  customerName: string;
  locationName: string;
  locationAddress: string;
  meterName: string;
  serialNumber: string;
  /** `YYYY-MM-DD` */
  deadline: string;
  /** The link with its token, for the QR code. */
  url: string;
  /** The short code, canonical (without dashes). */
  code: string;
  /** The page to type the code on, without a token. */
  entryUrl: string;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const TEXT = rgb(0.13, 0.15, 0.16);
const QR_SIZE = 170;

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

/** The link's QR code as dark squares, merged along each row, with the quiet zone around it. */
function drawQrCode(page: PDFPage, url: string, x: number, y: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = QR_SIZE / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + QR_SIZE - (quiet + row + 1) * cell,
        width: (col - start) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

function drawLetter(page: PDFPage, fonts: Fonts, letter: LetterContent): void {
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;
  const line = (text: string, font: PDFFont, size: number, gap = 6) => {
    page.drawText(writable(font, text), {
      x: MARGIN,
      y: y - size,
      size,
      font,
      color: TEXT,
      maxWidth: width,
      lineHeight: size * 1.3,
    });
    const lines = Math.max(1, Math.ceil(font.widthOfTextAtSize(writable(font, text), size) / width));
    y -= lines * size * 1.3 + gap;
  };

  line(letter.customerName, fonts.bold, 12, 24);
  line(t.recipient, fonts.regular, 11, 2);
  if (letter.locationAddress !== '') line(letter.locationAddress, fonts.regular, 11, 2);
  line(letter.locationName, fonts.regular, 11, 36);
  line(t.title, fonts.bold, 22, 14);
  line(t.intro, fonts.regular, 11, 18);

  const facts: [string, string][] = [
    [t.meter, letter.meterName],
    [t.serial, letter.serialNumber],
    [t.location, letter.locationName],
    [t.deadline, toDanishDate(letter.deadline)],
  ];
  for (const [label, value] of facts) {
    page.drawText(label, { x: MARGIN, y: y - 11, size: 11, font: fonts.bold, color: TEXT });
    page.drawText(writable(fonts.regular, value), {
      x: MARGIN + 90,
      y: y - 11,
      size: 11,
      font: fonts.regular,
      color: TEXT,
    });
    y -= 18;
  }
  y -= 18;

  drawQrCode(page, letter.url, MARGIN - 12, y - QR_SIZE);
  const besideQr = MARGIN + QR_SIZE + 8;
  page.drawText(t.scan, { x: besideQr, y: y - 40, size: 11, font: fonts.regular, color: TEXT });
  page.drawText(writable(fonts.regular, t.typeCode(letter.entryUrl)), {
    x: besideQr,
    y: y - 80,
    size: 11,
    font: fonts.regular,
    color: TEXT,
    maxWidth: A4.width - MARGIN - besideQr,
    lineHeight: 14,
  });
  page.drawText(formatSelfReadingCode(letter.code), {
    x: besideQr,
    y: y - 135,
    size: 26,
    font: fonts.mono,
    color: TEXT,
  });
  y -= QR_SIZE + 24;
  line(t.correct, fonts.regular, 11, 4);
  line(t.personal, fonts.regular, 11, 4);
}

/** One PDF with a page per letter, in the given order. */
export async function renderLetters(letters: readonly LetterContent[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(t.documentTitle);
  pdf.setLanguage('da-DK');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.CourierBold),
  };
  for (const letter of letters) drawLetter(pdf.addPage([A4.width, A4.height]), fonts, letter);
  return Buffer.from(await pdf.save());
}
