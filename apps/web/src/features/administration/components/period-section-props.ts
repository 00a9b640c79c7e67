/** What a section that shows the chosen period gets: status, export and self-reading share the period. */
export type PeriodSectionProps = {
  accountId: string;
  /** Any day of the chosen period; null is the current one. */
  periodDay: string | null;
  onPeriodChange: (day: string | null) => void;
};
