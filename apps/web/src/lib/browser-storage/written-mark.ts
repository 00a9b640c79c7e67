// The mark beside a session copy that the app wrote itself (ADR 055), as text: free of the page, so
// the bench can write a signed-in tab's session storage as the app does.

/** The session storage key of `key`'s mark. */
export const markKey = (key: string): string => `written:${key}`;

/** FNV-1a over the text's UTF-16 code units, with its length: cheap, and any edit changes it. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}.${(hash >>> 0).toString(36)}`;
}

/** The mark of `text` as written by the build `build`. */
export const writtenMark = (build: string, text: string): string => `${build}:${fingerprint(text)}`;
