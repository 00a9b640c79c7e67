import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../config.ts';

let list: Set<string> | undefined;

/**
 * The shipped list of common passwords (apps/api/src/security/common-passwords.txt), read once on
 * first use; found from the repository root, so the bundled server (dist/) reads the same file.
 */
function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(join(repoRoot, 'apps/api/src/security/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

/** True for a password on the list, whatever its capitalisation: such a password is refused. */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());
