import { BUILD_HASH_META_NAME } from '../../config/build-hash-meta';
import { markKey, writtenMark } from './written-mark';

// Issue 40 (ADR 055): a copy of server data that the app writes into session storage was checked before
// it was written (the answer it came from was parsed with the contract's schema). Each such write
// leaves a mark beside the copy: the build that wrote it and a fingerprint of the text. A copy whose
// mark fits was written by this very build and has not changed since, so it is read without checking
// its shape again; any other copy (another build's, one edited by hand, one without a mark) is checked.

let ownBuild: string | undefined;

/** This page's build, as the build wrote it into index.html (empty where there is none: unit tests). */
function buildHash(): string {
  ownBuild ??= document.querySelector(`meta[name="${BUILD_HASH_META_NAME}"]`)?.getAttribute('content') ?? '';
  return ownBuild;
}

/** Marks `text`, just written under `key`, as written (or checked) by this build. */
export function markWritten(storage: Storage, key: string, text: string): void {
  storage.setItem(markKey(key), writtenMark(buildHash(), text));
}

/** Whether `text` under `key` is what this build wrote there. */
export function isMarkedWritten(storage: Storage, key: string, text: string): boolean {
  return storage.getItem(markKey(key)) === writtenMark(buildHash(), text);
}

export function removeMark(storage: Storage, key: string): void {
  storage.removeItem(markKey(key));
}
