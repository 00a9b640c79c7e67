// The files the import benches send: meters of two points each, and their readings on the first days
// of a month. The CSV and the .xlsx bench use their own meters (serial prefixes) in one database.

const POINTS = ['Energi', 'Volumen'];
const DATES = 5;
const pad = (n: number) => String(n).padStart(4, '0');

/** How many reading rows `importReadings` yields for this many meters. */
export const readingRowsOf = (meters: number) => meters * POINTS.length * DATES;

/** The meter import's CSV lines (header first): heat meters of every point, 20 to a location on `street`. */
export function meterImportLines(street: string, serialPrefix: string, meters: number): string[] {
  const lines = ['Lokation;Adresse;Måler;Serienummer;Type;Målepunkt;Enhed'];
  for (let m = 0; m < meters; m++) {
    for (const point of POINTS)
      lines.push(
        `${street} ${Math.floor(m / 20)};;Måler ${pad(m)};${serialPrefix}-${pad(m)};Varme;${point};kWh`,
      );
  }
  return lines;
}

/** A reading of every point of every meter on each of the month's first days, date by date. */
export function* importReadings(
  serialPrefix: string,
  meters: number,
  month: string,
): Generator<{ serial: string; point: string; date: string; value: number }> {
  for (let d = 0; d < DATES; d++) {
    const date = `${String(d + 1).padStart(2, '0')}-${month}-2026`;
    for (let m = 0; m < meters; m++) {
      for (const [p, point] of POINTS.entries())
        yield { serial: `${serialPrefix}-${pad(m)}`, point, date, value: 1000.5 + d * 10 + p };
    }
  }
}
