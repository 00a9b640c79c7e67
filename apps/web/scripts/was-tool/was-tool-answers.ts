import type { AxeCheckRecord } from '../../e2e/support/axe-results.ts';

/** What the operator gives that the tests cannot know: who publishes, for which address, whom to contact. */
export type Publisher = {
  operatorName: string | null;
  siteUrl: string | null;
  accessibilityContact: string | null;
  accessibilityPhone: string | null;
};

/** The statement's own texts (statement-messages.ts), so the file and the page say the same. */
export type StatementTexts = { knownGaps: readonly string[]; method: readonly string[] };

type RuleFinding = { id: string; help: string; criteria: string[]; pages: string[] };

/** Everything the WAS-Tool form asks for, as the browser tests and the configuration answer it. */
export type WasToolAnswers = {
  publisher: Publisher;
  status: 'Fuldt overholder' | 'Delvist overholder';
  /** Day of the newest check, YYYY-MM-DD. */
  testedOn: string;
  axeVersion: string;
  checks: number;
  pages: string[];
  viewports: string[];
  colorSchemes: string[];
  rulesPassed: number;
  criteriaPassed: string[];
  violations: RuleFinding[];
  needsReview: RuleFinding[];
  knownGaps: readonly string[];
  method: readonly string[];
};

const WCAG_TAG = /^wcag(\d)(\d)(\d+)$/;

/** The WCAG success criteria a rule's tags name (`wcag143` → `1.4.3`). */
export function criteriaOf(tags: readonly string[]): string[] {
  return tags.flatMap((tag) => {
    const match = WCAG_TAG.exec(tag);
    return match ? [`${match[1]}.${match[2]}.${match[3]}`] : [];
  });
}

const byCriterion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function findings(records: readonly AxeCheckRecord[], pick: (r: AxeCheckRecord) => AxeCheckRecord['passes']) {
  const rules = new Map<string, RuleFinding>();
  for (const record of records) {
    for (const rule of pick(record)) {
      const finding = rules.get(rule.id) ?? {
        id: rule.id,
        help: rule.help,
        criteria: criteriaOf(rule.tags),
        pages: [],
      };
      if (!finding.pages.includes(record.url)) finding.pages.push(record.url);
      rules.set(rule.id, finding);
    }
  }
  return [...rules.values()]
    .map((finding) => ({ ...finding, pages: finding.pages.sort() }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Sums up the axe records of one browser-test run: the conformance status is `Delvist overholder` as
 * soon as a rule failed anywhere or the statement names a known gap, `Fuldt overholder` only without
 * either.
 */
export function wasToolAnswers(
  records: readonly AxeCheckRecord[],
  publisher: Publisher,
  statement: StatementTexts,
): WasToolAnswers {
  if (records.length === 0) throw new Error('No axe results: run the browser tests first.');
  const violations = findings(records, (r) => r.violations);
  const passed = findings(records, (r) => r.passes);
  const failedIds = new Set(violations.map((v) => v.id));
  const criteriaPassed = [
    ...new Set(passed.filter((rule) => !failedIds.has(rule.id)).flatMap((rule) => rule.criteria)),
  ].sort(byCriterion);
  const newest =
    records
      .map((r) => r.checkedAt)
      .sort()
      .at(-1) ?? '';
  return {
    publisher,
    status:
      violations.length === 0 && statement.knownGaps.length === 0 ? 'Fuldt overholder' : 'Delvist overholder',
    testedOn: newest.slice(0, 10),
    axeVersion: records[0]?.axeVersion ?? '',
    checks: records.length,
    pages: [...new Set(records.map((r) => r.url.split('?')[0] ?? r.url))].sort(),
    viewports: [
      ...new Set(records.map((r) => (r.viewport ? `${r.viewport.width} × ${r.viewport.height}` : '?'))),
    ].sort(),
    colorSchemes: [
      ...new Set(records.map((r) => (r.colorScheme === 'dark' ? 'mørkt tema' : 'lyst tema'))),
    ].sort(),
    rulesPassed: passed.filter((rule) => !failedIds.has(rule.id)).length,
    criteriaPassed,
    violations,
    needsReview: findings(records, (r) => r.incomplete),
    knownGaps: statement.knownGaps,
    method: statement.method,
  };
}

const orUnset = (value: string | null, variable: string) => value ?? `(ikke sat: ${variable})`;
const list = (lines: readonly string[]) => lines.map((line) => `- ${line}`).join('\n');
const finding = (f: RuleFinding) =>
  `- ${f.help} (axe-reglen \`${f.id}\`; WCAG ${f.criteria.join(', ') || '–'}) på ${f.pages.join(', ')}`;

/** The answers as the Markdown file the operator copies into WAS-Tool, one section per step of the form. */
export function wasToolMarkdown(a: WasToolAnswers): string {
  const nonCompliance = [...a.knownGaps.map((gap) => `- ${gap}`), ...a.violations.map(finding)];
  return `# Svar til WAS-Tool: tilgængelighedserklæring for Måleraflæsning

Lavet af \`apps/web/scripts/was-tool-report.ts\` ud fra browsertestenes axe-resultater (${a.checks} kontroller) og
operatørens konfiguration. Se docs/accessibility.md.

## 1. Myndighed og websted

- Myndighed/organisation: ${orUnset(a.publisher.operatorName, 'OPERATOR_NAME')}
- Webstedets navn: Måleraflæsning
- Webstedets adresse (URL): ${orUnset(a.publisher.siteUrl, 'SITE_URL')}

## 2. Overholdelsesstatus

${a.status} WCAG 2.1 niveau AA (EN 301 549).

## 3. Ikke-tilgængeligt indhold

### a) Manglende overholdelse af webtilgængelighedsloven

${nonCompliance.length > 0 ? nonCompliance.join('\n') : 'Ingen kendte.'}

### b) Uforholdsmæssig stor byrde

Ingen påberåbt.

### c) Indhold uden for lovens anvendelsesområde

Ingen.

## 4. Udarbejdelse af erklæringen

- Metode: selvevaluering.
- Dato for udarbejdelse og seneste test: ${a.testedOn}
- Automatisk test med axe-core ${a.axeVersion} (WCAG 2.1 A og AA) i Chromium:
  ${a.checks} kontroller af skærme og tilstande på ${a.pages.length} adresser (${a.pages.join(', ')}),
  skærmstørrelser ${a.viewports.join(', ')}, ${a.colorSchemes.join(' og ')}.
- Regler uden fund: ${a.rulesPassed}; succeskriterier testet uden fund: ${a.criteriaPassed.join(', ')}.
${list(a.method)}

### Kræver manuel vurdering (axe kunne ikke afgøre det)

${a.needsReview.length > 0 ? a.needsReview.map(finding).join('\n') : 'Intet.'}

## 5. Feedback og kontaktoplysninger

- Skriftlig kontakt: ${orUnset(a.publisher.accessibilityContact, 'ACCESSIBILITY_CONTACT')}
- Telefon: ${orUnset(a.publisher.accessibilityPhone, 'ACCESSIBILITY_PHONE')}

## 6. Håndhævelsesprocedure

Klage over manglende tilgængelighed eller over svaret på en henvendelse kan indgives til Digitaliseringsstyrelsen,
som fører tilsyn med webtilgængelighedsloven: https://digst.dk/digital-inklusion/webtilgaengelighed/
`;
}
