const FORMAT = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a reading was typed, `DD-MM-YYYY HH:MM` in Copenhagen time, as the history shows times. */
export function formatEnteredAt(ms: number): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    FORMAT.formatToParts(ms).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}
