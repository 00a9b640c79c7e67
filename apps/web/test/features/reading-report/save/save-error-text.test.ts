// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { saveErrorText } from '@/features/reading-report/save/save-error-text';
import { DeviceStorageRefused } from '@/features/reading-report/save/send-or-keep';
import { ApiError } from '@/lib/http/api-client';

describe('saveErrorText', () => {
  it('a refused reading (406) shows the validation error', () => {
    const error = new ApiError(406, { validationError: 'Værdi for målepunktet "Volumen" er ugyldig' });
    expect(saveErrorText(error)).toBe('Fejl: Værdi for målepunktet "Volumen" er ugyldig');
  });

  it("any other HTTP error shows the server's Message", () => {
    expect(saveErrorText(new ApiError(500, { Message: 'Serverfejl' }))).toBe(
      'Der er desværre opstået en fejl. Meddelelse: Serverfejl',
    );
  });

  it('an HTTP error without a message shows the status', () => {
    expect(saveErrorText(new ApiError(502, '<html>Bad gateway</html>'))).toBe(
      'Der er desværre opstået en fejl. Meddelelse: HTTP 502',
    );
  });

  it('no answer at all shows the connection text', () => {
    expect(saveErrorText(new TypeError('Failed to fetch'))).toBe(
      'Der er desværre opstået en fejl. Meddelelse: Der kunne ikke skabes forbindelse til serveren. Prøv igen.',
    );
  });

  it('a device that refused to keep the readings says so', () => {
    expect(saveErrorText(new DeviceStorageRefused())).toBe(
      'Målingen kunne ikke gemmes på enheden, fordi browseren ikke tillader det (fx privat browsing eller fuld hukommelse). Send den igen, når der er forbindelse.',
    );
  });
});
