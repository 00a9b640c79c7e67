import { DEVICE_TYPES, IMPORT_KINDS } from '@maaler/contract';
import fc from 'fast-check';

/** Values that have broken parsers before: invalid dates, number edge cases, other scripts' digits. */
export const NASTY_STRINGS = [
  '02/30/2024',
  '13/01/2024',
  '2024-01-01',
  '01/01/2099',
  '01/01/2021',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '١٢٣',
  '１２３',
  '-1',
  '-0',
  '0x10',
  '1,2,3',
  '1.',
  ' 1',
  '9'.repeat(16),
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '\u0000',
  '\u202e',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table readings; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is a template-injection probe
  '${7*7}',
  'x'.repeat(10_000),
];

const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  [],
  {},
  [[]],
  [null],
  { length: 1 },
];

/** Anything JSON can carry, leaning on the nasty cases. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Ids that look valid but name nothing (404, or 406 inside a reading). */
export const unknownIntId = fc.oneof(
  fc.integer({ min: 900_000, max: 2 ** 31 - 1 }),
  fc.constantFrom(2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER),
);

const isUuid = (value: unknown) =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
const isPositiveInt = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

export const badUuid = fc.oneof(
  anyValue.filter((v) => !isUuid(v)),
  fc.uuid(),
);
export const badPositiveInt = fc.oneof(
  anyValue.filter((v) => !isPositiveInt(v)),
  unknownIntId,
);

/** Path segments (before URL encoding) that a parameter of each kind must refuse. */
export const badPathSegment = {
  uuid: fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !isUuid(s)),
    fc.uuid(),
  ),
  intId: fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^\d{1,15}$/.test(s)),
    unknownIntId.map(String),
    fc.constantFrom('0', '00', '999999999999999', '1000000000000000'),
  ),
  deviceType: fc
    .oneof(
      fc.constantFrom(...NASTY_STRINGS, 'HEAT', 'Water', 'heat '),
      fc.string({ minLength: 1, maxLength: 30 }),
    )
    .filter((s) => !(DEVICE_TYPES as readonly string[]).includes(s)),
  importKind: fc
    .oneof(fc.constantFrom(...NASTY_STRINGS, 'Meters', 'reading'), fc.string({ minLength: 1, maxLength: 30 }))
    .filter((s) => !(IMPORT_KINDS as readonly string[]).includes(s)),
  manualFlag: fc
    .oneof(fc.constantFrom(...NASTY_STRINGS, '2', '01', '1.0'), fc.string({ minLength: 1, maxLength: 10 }))
    .filter((s) => s !== '0' && s !== '1'),
  /** Serial numbers no meter of the account has, some not even serial numbers (404 or 400). */
  serial: fc
    .oneof(
      fc.constantFrom(...NASTY_STRINGS, ' ', 'KAM-603-112233x'),
      fc.string({ minLength: 1, maxLength: 80 }),
    )
    .filter((s) => s !== ''),
  /** What a static-file wildcard must not serve. */
  filePath: fc.constantFrom(
    '../../../../etc/passwd',
    '..%2f..%2f..%2fpackage.json',
    'static/../../../../apps/api/src/app.ts',
    '%00',
    'nonexistent.js',
    '....//....//etc/hosts',
  ),
} as const;

/** A text field of at most `max` characters after trimming, with at least one non-blank. */
export const badRequiredText = (max: number) =>
  fc.oneof(
    anyValue.filter((v) => typeof v !== 'string' || v.trim() === '' || v.trim().length > max),
    fc.constantFrom('', '   ', 'x'.repeat(max + 1)),
  );
