import { useSyncExternalStore } from 'react';

export type AlertType = 'success' | 'danger' | 'info' | 'warning';

export type Alert = {
  /** Increases with every alert, so the banner can restart its auto-hide timer. */
  id: number;
  type: AlertType;
  message: string;
  /** Hide after ALERT_AUTOHIDE_MS. */
  autohide: boolean;
  /** Survive the next route change (then the flag resets). */
  keepAfterRouteChange: boolean;
};

export type AlertOptions = {
  autohide?: boolean;
  keepAfterRouteChange?: boolean;
  /** Leave a danger alert in place: a refusal the reader has not read must not vanish under news. */
  keepDanger?: boolean;
};

let current: Alert | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(alert: Alert | null): void {
  current = alert;
  for (const listener of listeners) listener();
}

/** Shows one alert in the fixed top banner, replacing any alert shown before. */
export function showAlert(type: AlertType, message: string, options: AlertOptions = {}): void {
  if (options.keepDanger && current?.type === 'danger') return;
  set({
    id: nextId++,
    type,
    message,
    autohide: options.autohide ?? false,
    keepAfterRouteChange: options.keepAfterRouteChange ?? false,
  });
}

export function clearAlert(id?: number): void {
  if (current && (id === undefined || current.id === id)) set(null);
}

/** Spec §4: alerts are cleared on each route change, unless kept for one change. */
export function onRouteChange(): void {
  if (!current) return;
  if (current.keepAfterRouteChange) set({ ...current, keepAfterRouteChange: false });
  else set(null);
}

export function getAlert(): Alert | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAlert(): Alert | null {
  return useSyncExternalStore(subscribe, getAlert);
}
