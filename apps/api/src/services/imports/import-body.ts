import { type ImportKind, ImportRequest } from '@maaler/contract';
import { type ParsedFile, parseImportFile } from './import-files.ts';

// The import request's body is read in the import worker (ADR 052): a full file is about 5.6 MB of
// JSON holding base64, whose parsing, checking and decoding held the server's thread for tens of
// milliseconds per request.

/** What the import worker is given: the file's kind and the request's JSON body as it came. */
export type ImportJob = { kind: ImportKind; body: Uint8Array };

/** A body that is no import request; `message` is the schema's when one of its rules refused it. */
export type RefusedBody = { refused: true; message: string | null };

export async function readImportBody({ kind, body }: ImportJob): Promise<ParsedFile | RefusedBody> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { refused: true, message: null };
  }
  const request = ImportRequest.safeParse(json);
  if (!request.success) return { refused: true, message: request.error.issues[0]?.message ?? null };
  return parseImportFile(kind, request.data.format, Buffer.from(request.data.data, 'base64'));
}
