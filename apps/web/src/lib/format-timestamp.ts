let copenhagen: Intl.DateTimeFormat | undefined;

/** An ISO 8601 instant as Danish local time, `DD-MM-YYYY HH:MM` (the app's date format plus the time). */
export function formatTimestamp(iso: string): string {
  copenhagen ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = copenhagen.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}
