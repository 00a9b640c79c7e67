import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { IMPORT_COLUMNS, MAX_IMPORT_FILE_BYTES } from '@maaler/contract';
import { zipSync } from 'fflate';

// Import files built to hurt (issue 32, ADR 028), made small and fast in the test: an .xlsx of many
// one-cell rows, a CSV of empty lines as large as allowed, zip bombs (written by hand, so the headers
// can lie) and a zip of many entries.

const HEADINGS = IMPORT_COLUMNS.readings;
const text = (value: string) => new TextEncoder().encode(value);

const WORKBOOK_PARTS = {
  '[Content_Types].xml': text(
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  ),
  '_rels/.rels': text(
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  'xl/workbook.xml': text(
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Ark1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  'xl/_rels/workbook.xml.rels': text(
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  ),
  'xl/sharedStrings.xml': text(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${HEADINGS.length}" uniqueCount="${HEADINGS.length}">${HEADINGS.map((heading) => `<si><t>${heading}</t></si>`).join('')}</sst>`,
  ),
};

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';
const headingRow = `<row r="1">${HEADINGS.map((_, index) => `<c r="${String.fromCharCode(65 + index)}1" t="s"><v>${index}</v></c>`).join('')}</row>`;

/** The readings headings, then `rows` rows of one number cell each (an .xlsx of about 1 MB for 200,000). */
export function xlsxOfOneCellRows(rows: number): Buffer {
  const body: string[] = [SHEET_START, headingRow];
  for (let row = 2; row <= rows + 1; row++)
    body.push(`<row r="${row}"><c r="A${row}"><v>${row}</v></c></row>`);
  body.push(SHEET_END);
  return Buffer.from(
    zipSync({ ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': text(body.join('')) }, { level: 6 }),
  );
}

/** The readings heading, then empty lines up to the largest file accepted. */
export function csvOfEmptyLines(): Buffer {
  const heading = Buffer.from(`${HEADINGS.join(';')}\n`);
  return Buffer.concat([heading, Buffer.alloc(MAX_IMPORT_FILE_BYTES - heading.length, '\n')]);
}

type ZipEntry = { name: string; method: 0 | 8; data: Buffer; crc: number; size: number };

/** A zip of these entries, each with its sizes in both headers, the directory's sizes as `declared` says. */
function zipOf(entries: readonly ZipEntry[], declared: (entry: ZipEntry) => number = (entry) => entry.size) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const header = (signature: number, length: number) => {
      const bytes = Buffer.alloc(length);
      bytes.writeUInt32LE(signature, 0);
      return bytes;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(declared(entry), 22);
    local.writeUInt16LE(name.length, 26);
    const central = header(0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(declared(entry), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, data: Uint8Array): ZipEntry => ({
  name,
  method: 0,
  data: Buffer.from(data),
  crc: crc32(data),
  size: data.length,
});

/** A sheet of the heading row, then `megabytes` MB of spaces, deflated natively a megabyte at a time. */
async function bombSheet(megabytes: number): Promise<ZipEntry> {
  const parts = [Buffer.from(SHEET_START + headingRow), ...Array<Buffer>(megabytes), Buffer.from(SHEET_END)];
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  parts.fill(spaces, 1, megabytes + 1);
  const deflate = createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    crc = crc32(part, crc);
    size += part.length;
    deflate.write(part);
  }
  deflate.end();
  await done;
  return { name: 'xl/worksheets/sheet1.xml', method: 8, data: Buffer.concat(compressed), crc, size };
}

const workbookEntries = () => Object.entries(WORKBOOK_PARTS).map(([name, data]) => stored(name, data));

/** A valid workbook whose sheet inflates to `megabytes` MB (spaces after the heading row). */
export async function xlsxBomb(megabytes: number): Promise<Buffer> {
  return zipOf([...workbookEntries(), await bombSheet(megabytes)]);
}

/**
 * The same bomb with lying headers: its sheet claims to unpack to 100 bytes, so the directory check
 * passes it and only the size check while inflating can stop it.
 */
export async function xlsxBombWithLyingSizes(megabytes: number): Promise<Buffer> {
  const sheet = await bombSheet(megabytes);
  return zipOf([...workbookEntries(), sheet], (entry) => (entry === sheet ? 100 : entry.size));
}

/** A workbook padded with `entries` tiny extra entries. */
export function xlsxOfManyEntries(entries: number): Buffer {
  const files: Record<string, Uint8Array> = { ...WORKBOOK_PARTS };
  files['xl/worksheets/sheet1.xml'] = text(SHEET_START + headingRow + SHEET_END);
  for (let entry = 0; entry < entries; entry++) files[`x/${entry}`] = new Uint8Array(0);
  return Buffer.from(zipSync(files, { level: 0 }));
}
