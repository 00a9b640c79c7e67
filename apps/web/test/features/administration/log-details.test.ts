import { describe, expect, it } from 'vitest';
import { detailParts } from '@/features/administration/log/log-details';

describe('the Log’s details in Danish', () => {
  it('names known facts in Danish, the import kind too, and yes/no for flags', () => {
    expect(detailParts({ kind: 'readings', rows: 3, created: 2, wasReset: true })).toEqual([
      'Type: aflæsninger',
      'Rækker: 3',
      'Oprettet: 2',
      'Efter nulstilling: ja',
    ]);
  });

  it('names a role as Brugere does', () => {
    expect(detailParts({ role: 2 })).toEqual(['Rolle: Kundebruger']);
  });

  it('names an API key’s facts in Danish (issue 38)', () => {
    expect(detailParts({ name: 'Gateway', prefix: 'mk_abcdef', reason: 'revoked' })).toEqual([
      'Navn: Gateway',
      'Nøgle: mk_abcdef',
      'Årsag: revoked',
    ]);
  });

  it('shows an unknown fact by its own name', () => {
    expect(detailParts({ somethingNew: 'x' })).toEqual(['somethingNew: x']);
  });
});
