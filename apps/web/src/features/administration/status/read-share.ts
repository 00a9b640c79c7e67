/** The share of a location's points read, in whole percent; a location without points counts as done. */
export function readPercent(read: number, total: number): number {
  return total === 0 ? 100 : Math.round((read / total) * 100);
}
