import { localKeys } from '@/lib/browser-storage/plain-keys';

/** 'Husk mig': the e-mail to pre-fill, when the user asked to be remembered. */
export function readRememberedEmail(): string | null {
  return localKeys.rememberme.get() === true ? localKeys.email.get() : null;
}

export function rememberEmail(remember: boolean, email: string): void {
  if (remember) {
    localKeys.rememberme.set(true);
    localKeys.email.set(email);
  } else {
    localKeys.rememberme.remove();
    localKeys.email.remove();
  }
}
