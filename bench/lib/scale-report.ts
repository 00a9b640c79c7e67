import { table } from './markdown-table.ts';
import { int, SCALE_RATIO_GOAL, SCALE_RSS_GOAL_MB } from './results.ts';
import type { ScaleFigures } from './scale-run.ts';
import { SCALE_READ_NAMES, SCALE_READS } from './scale-scenarios.ts';
import type { ScaleShape } from './scale-tenants.ts';

const ratio = (value: number) => `${value.toFixed(2)}×`;
const mb = (bytes: number) => `${int(bytes / 1e6)} MB`;

/** The scale table, the backup figures and the hot statements' plans of one database kind. */
export function scaleSection(scale: ScaleFigures): string {
  const db = scale.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { small, large } = scale.shapes;
  const shape = (s: ScaleShape) =>
    `${int(s.readings)} readings, ${s.accounts} account(s), ${int(s.meters)} meters, ${int(s.points)} points over ${s.years} years`;
  const readRows = SCALE_READS.map((read) => {
    const a = scale.small.reads[read];
    const b = scale.large.reads[read];
    const r = b.medianMs / a.medianMs;
    return [
      SCALE_READ_NAMES[read],
      `${a.medianMs}`,
      `${b.medianMs}`,
      ratio(r),
      r <= SCALE_RATIO_GOAL ? 'yes' : '**no**',
      `${int(a.bytes)} / ${int(b.bytes)}${scale.sameAnswers[read] ? ' (the same answer)' : ''}`,
    ];
  });
  const writeRows = (['single', 'batch'] as const).map((what) => {
    const a = scale.small[what];
    const b = scale.large[what];
    const r = a.readingsPerSecond / b.readingsPerSecond;
    return [
      what === 'single'
        ? 'ingest, 1 reading per request (readings/s)'
        : 'ingest, 100 per request (readings/s)',
      int(a.readingsPerSecond),
      int(b.readingsPerSecond),
      ratio(r),
      r <= SCALE_RATIO_GOAL ? 'yes' : '**no**',
      `p99 ${a.latencyP99} / ${b.latencyP99} ms; ${int(b.stored)}/${int(b.acknowledged)} acknowledged found at ${large.label}`,
    ];
  });
  const parts = [
    `### Cost as data grows on ${db} (tenants up to ${scale.until})`,
    '',
    `${small.label}: ${shape(small)}. ${large.label}: ${shape(large)}. Measured on the first account of each (10 locations, 100 meters, 250 points in both). Reads: median of ${scale.small.reads.tree.samples.length} requests one at a time, ${small.label} and ${large.label} alternating; writes: autocannon, 10 connections, the best of two runs each, taking turns.`,
    '',
    table(
      [
        'call',
        small.label,
        large.label,
        `${large.label} ÷ ${small.label}`,
        `≤ ${ratio(SCALE_RATIO_GOAL)}`,
        'answer bytes 10k / 10M',
      ],
      [...readRows, ...writeRows],
    ),
    '',
    table(
      ['server memory', small.label, large.label, `≤ ${SCALE_RSS_GOAL_MB} MB`],
      [
        [
          `peak RSS (VmHWM) after the reads, the write loads and the export under 10 connections (${int(scale.large.exportLoad.requestsPerSecond)} req/s at ${large.label})`,
          `${scale.small.peakRssMb} MB`,
          `${scale.large.peakRssMb} MB`,
          scale.large.peakRssMb <= SCALE_RSS_GOAL_MB ? 'yes' : '**no**',
        ],
      ],
    ),
  ];
  if (scale.backup) {
    const b = scale.backup;
    parts.push(
      '',
      table(
        [`${large.label} database`, 'size', 'time'],
        [
          ['database', mb(b.databaseBytes), ''],
          [`backup: ${b.backupCommand}`, mb(b.backupBytes), `${b.backupSeconds} s`],
          [`restore: ${b.restoreCommand}`, '', `${b.restoreSeconds} s`],
        ],
      ),
    );
  }
  parts.push('', `#### Plans of the hot statements at ${large.label} (${db})`);
  for (const plan of scale.plans) {
    const text = plan.sql.replace(/\s+/g, ' ');
    parts.push(
      '',
      `${plan.call}: \`${text.length > 160 ? `${text.slice(0, 160)}…` : text}\``,
      '',
      '```',
      plan.plan,
      '```',
    );
  }
  return parts.join('\n');
}
