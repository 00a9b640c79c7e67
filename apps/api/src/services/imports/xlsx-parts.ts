import { buffer } from 'node:stream/consumers';
import { IMPORT_MESSAGES, MAX_IMPORT_UNZIPPED_BYTES, MAX_IMPORT_ZIP_ENTRIES } from '@maaler/contract';
import { fromBufferPromise } from 'yauzl';

// The parts of an .xlsx (a zip) that the first sheet's rows need, judged by the zip's central
// directory before anything is inflated (ADR 028): the entry count and the sum of the declared
// unpacked sizes must stay under the caps, and yauzl stops any entry that inflates past its declared
// size, so a zip bomb costs at most the caps however its headers lie.

/** The parts ExcelJS's streaming reader needs, by their zip names; the first sheet as `sheet`. */
export type XlsxParts = {
  workbook: Buffer;
  workbookRels: Buffer;
  styles: Buffer | null;
  sharedStrings: Buffer | null;
  sheet: Buffer;
};

export type XlsxPartsOutcome =
  | { kind: 'read'; parts: XlsxParts }
  | { kind: 'refused'; message: string }
  | { kind: 'unreadable' };

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';

export async function readXlsxParts(bytes: Buffer): Promise<XlsxPartsOutcome> {
  let zip: Awaited<ReturnType<typeof fromBufferPromise>>;
  try {
    zip = await fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    return { kind: 'unreadable' };
  }
  // The count comes from the end-of-central-directory record: nothing is listed yet.
  if (zip.entryCount > MAX_IMPORT_ZIP_ENTRIES) {
    return { kind: 'refused', message: IMPORT_MESSAGES.tooManyZipEntries };
  }
  const entries = new Map<string, Parameters<typeof zip.openReadStreamPromise>[0]>();
  let unzippedBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      unzippedBytes += entry.uncompressedSize;
      if (unzippedBytes > MAX_IMPORT_UNZIPPED_BYTES) {
        return { kind: 'refused', message: IMPORT_MESSAGES.unzippedTooLarge };
      }
      entries.set(entry.fileName, entry);
    }
    const read = async (name: string | null): Promise<Buffer | null> => {
      const entry = name === null ? undefined : entries.get(name);
      return entry ? buffer(await zip.openReadStreamPromise(entry)) : null;
    };
    const workbook = await read(WORKBOOK);
    const workbookRels = await read(WORKBOOK_RELS);
    if (!workbook || !workbookRels) return { kind: 'unreadable' };
    const sheet = await read(firstSheetName(workbook.toString('utf8'), workbookRels.toString('utf8')));
    if (!sheet) return { kind: 'unreadable' };
    return {
      kind: 'read',
      parts: {
        workbook,
        workbookRels,
        styles: await read(STYLES),
        sharedStrings: await read(SHARED_STRINGS),
        sheet,
      },
    };
  } catch {
    // A bad entry, a CRC mismatch, or an entry inflating past its declared size.
    return { kind: 'unreadable' };
  } finally {
    zip.close();
  }
}

/**
 * The zip name of the workbook's first sheet: the first `<sheet>` of workbook.xml, through its
 * relationship id to the target in workbook.xml.rels (relative to `xl/`, or absolute from the root).
 */
export function firstSheetName(workbookXml: string, relsXml: string): string | null {
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const id = sheet && /\br:id="([^"]+)"/.exec(sheet)?.[1];
  if (!id) return null;
  for (const [relationship] of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (/\bId="([^"]+)"/.exec(relationship)?.[1] !== id) continue;
    const target = /\bTarget="([^"]+)"/.exec(relationship)?.[1];
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return null;
}
