import { IMPORT_MESSAGES } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import { meterAdministrationMessages } from '@/features/administration/meters/meter-messages';
import { estimateMessages } from '@/features/administration/status/estimate-messages';
import { statusMessages } from '@/features/administration/status/status-messages';
import { usersMessages } from '@/features/administration/users/users-messages';
import { offlineDialogMessages } from '@/features/offline-readings/dialog-messages';
import { offlineReadingsMessages } from '@/features/offline-readings/messages';
import { privacyMessages } from '@/features/trust/privacy-messages';

const RETENTION = {
  readingsYears: 5,
  loginEventsDays: 90,
  disabledUserDays: 365,
  outboxDays: 90,
  selfReadingLinkDays: 30,
  photoDays: 730,
};

// Issue 33 §12: every text that counts something, with 0, 1 and 2 of it. The plural rule itself is
// the contract's (`Intl.PluralRules('da')`, plural.ts); this lists what goes through it.
const countedTexts: Record<string, (n: number) => string> = {
  'readings sent': offlineReadingsMessages.sent,
  'readings waiting at sign-out': offlineDialogMessages.signOutWarning,
  'estimates created': estimateMessages.created,
  'points read of': (n) => statusMessages.progress(0, n),
  accounts: usersMessages.accountCount,
  users: usersMessages.usersCount,
  'locations found': meterAdministrationMessages.locationsFound,
  'meters shown of': (n) => meterAdministrationMessages.metersShown(0, n),
  'register digits': meterAdministrationMessages.digitsShown,
  'import rows checked': (n) => IMPORT_MESSAGES.checked(n, 0),
  'import rows with errors': (n) => IMPORT_MESSAGES.checked(5, n),
  'import rows applied': IMPORT_MESSAGES.applied,
  'privacy: sign-in events kept': (n) =>
    privacyMessages.retention({ ...RETENTION, loginEventsDays: n })[2] ?? '',
};

describe('counted texts', () => {
  it('say one in the singular and any other count in the plural', () => {
    const shown = Object.fromEntries(
      Object.entries(countedTexts).map(([name, text]) => [name, [0, 1, 2].map((n) => text(n))]),
    );
    expect(shown).toEqual({
      'readings sent': ['0 målinger er sendt', '1 måling er sendt', '2 målinger er sendt'],
      'readings waiting at sign-out': [
        'Du har 0 målinger, der ikke er sendt',
        'Du har 1 måling, der ikke er sendt',
        'Du har 2 målinger, der ikke er sendt',
      ],
      'estimates created': ['0 estimater er oprettet', '1 estimat er oprettet', '2 estimater er oprettet'],
      'points read of': ['0 af 0 målepunkter aflæst', '0 af 1 målepunkt aflæst', '0 af 2 målepunkter aflæst'],
      accounts: ['0 konti', '1 konto', '2 konti'],
      users: ['0 brugere', '1 bruger', '2 brugere'],
      'locations found': ['0 lokationer', '1 lokation', '2 lokationer'],
      'meters shown of': ['Viser 0 af 0 målere', 'Viser 0 af 1 måler', 'Viser 0 af 2 målere'],
      'register digits': ['0 cifre', '1 ciffer', '2 cifre'],
      'import rows checked': [
        'Filen er kontrolleret: 0 rækker uden fejl',
        'Filen er kontrolleret: 1 række uden fejl',
        'Filen er kontrolleret: 2 rækker uden fejl',
      ],
      'import rows with errors': [
        // No bad row: the file is clean.
        'Filen er kontrolleret: 5 rækker uden fejl',
        'Filen har fejl i 1 række; intet er importeret',
        'Filen har fejl i 2 rækker; intet er importeret',
      ],
      'import rows applied': ['Importeret: 0 rækker', 'Importeret: 1 række', 'Importeret: 2 rækker'],
      'privacy: sign-in events kept': [
        'Logins, logud og login uden forbindelse i loggen slettes efter 0 dage.',
        'Logins, logud og login uden forbindelse i loggen slettes efter 1 dag.',
        'Logins, logud og login uden forbindelse i loggen slettes efter 2 dage.',
      ],
    });
  });

  it('leave the waiting count as the issue has it: `Afventer afsendelse: {n}`', () => {
    expect([0, 1, 2].map(offlineReadingsMessages.waiting)).toEqual([
      'Afventer afsendelse: 0',
      'Afventer afsendelse: 1',
      'Afventer afsendelse: 2',
    ]);
  });
});
