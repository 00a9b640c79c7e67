import { counted, ESTIMATE_TEXTS, type EstimateRule } from '@maaler/contract';

/** Danish texts of `Opret estimater` (ADR 021) in the period's status. */
export const estimateMessages = {
  open: 'Opret estimater',
  intro:
    'Estimater for målepunkter uden aflæsning i perioden, dateret periodens sidste dag. De markeres Estimeret og erstattes af en rigtig aflæsning fra perioden.',
  title: (period: string): string => `Opret estimater for ${period}`,
  table: 'Forslag til estimater',
  point: 'Målepunkt',
  lastReading: 'Seneste aflæsning',
  proposed: 'Estimat',
  rule: 'Regel',
  rules: ESTIMATE_TEXTS.rules satisfies Record<EstimateRule, string>,
  noEstimate: 'Intet estimat',
  none: 'Der er ingen målepunkter at estimere i perioden.',
  create: 'Opret',
  creating: 'Opretter...',
  cancel: 'Annuller',
  loading: 'Henter forslag...',
  failed: (message: string): string => `Forslagene kunne ikke hentes. Meddelelse: ${message}`,
  createFailed: (message: string): string => `Estimaterne kunne ikke oprettes. Meddelelse: ${message}`,
  created: (count: number): string => `${counted(count, { one: 'estimat', other: 'estimater' })} er oprettet`,
  withUnit: (value: string, unit: string): string => (unit ? `${value} ${unit}` : value),
} as const;
