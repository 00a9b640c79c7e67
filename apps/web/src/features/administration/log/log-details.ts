import { usersMessages } from '../users/users-messages';
import { logMessages as messages } from './log-messages';

type Details = Record<string, unknown>;

function valueText(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? messages.yes : messages.no;
  if (key === 'kind' && typeof value === 'string') return messages.kinds[value] ?? value;
  if (key === 'role' && typeof value === 'number') return usersMessages.roles[value] ?? String(value);
  return String(value);
}

/** An event's facts as Danish `Navn: værdi` parts, in the order the server stored them. */
export function detailParts(details: Details): string[] {
  return Object.entries(details).map(
    ([key, value]) => `${messages.detailLabels[key] ?? key}: ${valueText(key, value)}`,
  );
}
