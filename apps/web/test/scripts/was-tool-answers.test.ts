import { describe, expect, it } from 'vitest';
import type { AxeCheckRecord, RuleOutcome } from '../../e2e/support/axe-results';
import { criteriaOf, wasToolAnswers, wasToolMarkdown } from '../../scripts/was-tool/was-tool-answers';

const rule = (id: string, tags: string[]): RuleOutcome => ({
  id,
  help: `${id} help`,
  impact: null,
  tags,
  nodes: 1,
});
const contrast = rule('color-contrast', ['cat.color', 'wcag2aa', 'wcag143']);
const labels = rule('label', ['cat.forms', 'wcag2a', 'wcag412', 'wcag131']);

const record = (overrides: Partial<AxeCheckRecord>): AxeCheckRecord => ({
  test: 't',
  url: '/login',
  viewport: { width: 375, height: 740 },
  colorScheme: 'light',
  checkedAt: '2026-11-27T10:00:00.000Z',
  axeVersion: '4.11.0',
  passes: [contrast, labels],
  violations: [],
  incomplete: [],
  ...overrides,
});

const publisher = {
  operatorName: 'Demo Forsyning A/S',
  siteUrl: 'https://maaler.eksempel.dk',
  accessibilityContact: 'web@eksempel.dk',
  accessibilityPhone: null,
};

describe('WAS-Tool answers from the browser tests axe results', () => {
  it('reads WCAG success criteria from axe tags', () => {
    expect(criteriaOf(['cat.color', 'wcag2aa', 'wcag143', 'wcag1412', 'wcag21aa'])).toEqual([
      '1.4.3',
      '1.4.12',
    ]);
  });

  it('is Fuldt overholder only without violations and without known gaps', () => {
    const records = [
      record({}),
      record({ url: '/home?x=1', colorScheme: 'dark', checkedAt: '2026-11-28T08:00:00Z' }),
    ];
    const clean = wasToolAnswers(records, publisher, { knownGaps: [], method: ['m'] });
    expect(clean).toMatchObject({
      status: 'Fuldt overholder',
      testedOn: '2026-11-28',
      checks: 2,
      pages: ['/home', '/login'],
      colorSchemes: ['lyst tema', 'mørkt tema'],
      rulesPassed: 2,
      criteriaPassed: ['1.3.1', '1.4.3', '4.1.2'],
      violations: [],
    });
    expect(wasToolAnswers(records, publisher, { knownGaps: ['Diagrammet'], method: [] }).status).toBe(
      'Delvist overholder',
    );
  });

  it('lists a rule that failed anywhere with its criteria and pages, and no longer counts it as passed', () => {
    const answers = wasToolAnswers(
      [record({}), record({ url: '/privatliv', passes: [labels], violations: [contrast] })],
      publisher,
      { knownGaps: [], method: [] },
    );
    expect(answers.status).toBe('Delvist overholder');
    expect(answers.violations).toEqual([
      { id: 'color-contrast', help: 'color-contrast help', criteria: ['1.4.3'], pages: ['/privatliv'] },
    ]);
    expect(answers.criteriaPassed).toEqual(['1.3.1', '4.1.2']);
    const markdown = wasToolMarkdown(answers);
    expect(markdown).toContain('Delvist overholder WCAG 2.1 niveau AA');
    expect(markdown).toContain('color-contrast help (axe-reglen `color-contrast`; WCAG 1.4.3) på /privatliv');
    expect(markdown).toContain('- Myndighed/organisation: Demo Forsyning A/S');
    expect(markdown).toContain('- Telefon: (ikke sat: ACCESSIBILITY_PHONE)');
  });

  it('refuses to answer without any results', () => {
    expect(() => wasToolAnswers([], publisher, { knownGaps: [], method: [] })).toThrow(/browser tests/);
  });
});
