import { useEffect } from 'react';
import { loadOfflineSignIn } from '../load-offline-sign-in';

/** How often an offline sign-in's session tries to exchange its device credential (ADR 034). */
const DEVICE_CREDENTIAL_EXCHANGE_RETRY_MS = 5000;

/**
 * While mounted (an offline sign-in's session without a token): exchanges the device credential when the
 * connection returns, and tries again every DEVICE_CREDENTIAL_EXCHANGE_RETRY_MS, since the 'online'
 * event does not come everywhere (ADR 013).
 */
export function useDeviceCredentialExchange(): void {
  useEffect(() => {
    const tryExchange = () =>
      void loadOfflineSignIn()
        .then(({ exchangeDeviceCredential }) => exchangeDeviceCredential())
        .catch((error: unknown) => console.warn('The device credential could not be exchanged yet', error));
    tryExchange();
    window.addEventListener('online', tryExchange);
    const timer = window.setInterval(tryExchange, DEVICE_CREDENTIAL_EXCHANGE_RETRY_MS);
    return () => {
      window.removeEventListener('online', tryExchange);
      window.clearInterval(timer);
    };
  }, []);
}
