import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

/** The shipped list of common passwords (security/common-passwords.txt), read once on first use. */
function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(new URL('../security/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

/** True for a password on the list, whatever its capitalisation: such a password is refused. */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());
