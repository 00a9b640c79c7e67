import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AxeCheckRecord } from '../e2e/support/axe-results.ts';
import { statementMessages } from '../src/features/trust/statement-messages.ts';
import { wasToolAnswers, wasToolMarkdown } from './was-tool/was-tool-answers.ts';

// `node --import tsx apps/web/scripts/was-tool-report.ts [axe results folder] [output file]`, after a
// browser-test run: writes the answers WAS-Tool asks for (docs/accessibility.md). The operator's
// texts come from the same variables the server reads, plus SITE_URL.

const appRoot = resolve(import.meta.dirname, '..');
const [
  folder = join(appRoot, 'accessibility-results/axe'),
  output = join(appRoot, 'accessibility-results/was-tool.md'),
] = process.argv.slice(2);

const records = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as AxeCheckRecord);

const env = (name: string) => process.env[name]?.trim() || null;
const answers = wasToolAnswers(
  records,
  {
    operatorName: env('OPERATOR_NAME'),
    siteUrl: env('SITE_URL'),
    accessibilityContact: env('ACCESSIBILITY_CONTACT'),
    accessibilityPhone: env('ACCESSIBILITY_PHONE'),
  },
  statementMessages,
);
writeFileSync(output, wasToolMarkdown(answers));
console.log(
  `WAS-Tool answers: ${output} (${answers.status}; ${answers.checks} axe checks, ${answers.violations.length} rules with violations, ${answers.needsReview.length} to review by hand)`,
);
