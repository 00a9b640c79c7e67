// Signing out deletes the device's copies (ADR 031): an IndexedDB in memory holds them here.
import 'fake-indexeddb/auto';
import type { GuaranteedGatewayTree } from '@maaler/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_USER_ROLE } from '@/config/constants';
import { ReadingForm } from '@/features/reading-report/components/reading-form';
import { readingReportMessages as messages, routeMessages } from '@/features/reading-report/messages';
import { formatDanishRate } from '@/lib/numbers/danish-number';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';
import { renderUi, testQueryClient } from '../../../support/render-ui';
import { accountChosen, sessionCleared, signedInAs } from '../../../support/session-fixtures';

const ACCOUNT = { guid: 'konto-1', name: 'Nørrevang erhvervslejemål' };

const EXPECTED = { min: 1240.25, max: 1261.5 };

const point = (DeviceItemId: number, Name: string, Expected: typeof EXPECTED | null = null) => ({
  DeviceItemId,
  Name,
  Unit: 'm³',
  LastValue: null,
  LastDateValue: '-' as const,
  LastDateValueFormatted: '-',
  Expected,
});

const meter = (DeviceId: number, Name: string, points: ReturnType<typeof point>[]) => ({
  DeviceId,
  Name,
  Type: 'water' as const,
  Manual: true,
  InstalledOn: null,
  Serial: null,
  DeviceItemList: points,
});

const TREE: GuaranteedGatewayTree = [
  {
    GatewayId: 1,
    Name: 'Rækkehusene, Hybenvej',
    DeviceList: [
      meter(11, 'Hybenvej 1', [point(111, 'Koldt vand')]),
      meter(12, 'Hybenvej 3', [point(121, 'Koldt vand'), point(122, 'Varmt vand')]),
      // Its history gives the range the next value is expected in.
      meter(13, 'Hybenvej 5', [point(131, 'Koldt vand', EXPECTED)]),
    ],
  },
];

/**
 * The reading form of a signed-in user with one account, its gateway tree in session storage (as the
 * account select leaves it) and each meter's history in the cache: the form asks no server.
 */
function renderForm() {
  const queryClient = testQueryClient();
  for (const device of TREE[0]?.DeviceList ?? []) {
    const history = readingHistoryQueryOptions(ACCOUNT.guid, { gatewayId: 1, deviceId: device.DeviceId });
    queryClient.setQueryData(history.queryKey, []);
  }
  return renderUi(<ReadingForm />, { queryClient });
}

beforeEach(() => accountChosen(ACCOUNT, TREE));

afterEach(sessionCleared);

const expectedText = routeMessages.expected(formatDanishRate(EXPECTED.min), formatDanishRate(EXPECTED.max));

const send = () => screen.getByRole('button', { name: messages.send });
const location = () => screen.getByRole('combobox', { name: messages.location });
const meterSelect = () => screen.getByRole('combobox', { name: messages.meter });

describe('ReadingForm: the checks before SEND', () => {
  it('keeps SEND greyed until a meter is chosen and every value is a number', async () => {
    const { user } = renderForm();
    expect(send()).toBeDisabled();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    expect(send()).toBeDisabled();
    await user.selectOptions(meterSelect(), 'Hybenvej 3');
    const cold = screen.getByRole('textbox', { name: 'Koldt vand (m³)' });
    const warm = screen.getByRole('textbox', { name: 'Varmt vand (m³)' });
    await user.click(cold);
    await user.paste('1234,5');
    expect(send()).toBeDisabled();
    await user.click(warm);
    await user.paste('88');
    expect(send()).toBeEnabled();
    await user.clear(warm);
    expect(send()).toBeDisabled();
  });

  it('shows a value’s error only once the reader has left it, then follows each key', async () => {
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    await user.selectOptions(meterSelect(), 'Hybenvej 1');
    const value = screen.getByRole('textbox', { name: 'Koldt vand (m³)' });
    // Choosing a meter by pointer takes the focus to its first value (issue 33).
    expect(value).toHaveFocus();
    await user.keyboard('12a');
    expect(value).not.toBeInvalid();
    await user.tab();
    expect(value).toBeInvalid();
    expect(value).toHaveAccessibleDescription(messages.valueNotANumber);
    await user.clear(value);
    expect(value).toHaveAccessibleDescription(messages.valueRequired);
    await user.paste('1'.repeat(20));
    expect(value).toHaveAccessibleDescription(messages.valueTooLong);
    await user.clear(value);
    await user.type(value, '  42,7 ');
    expect(value).not.toBeInvalid();
    expect(send()).toBeEnabled();
  });

  // Every value the rule accepts or refuses is in reading-form-rules.test.ts; here one of each kind.
  it('says why a value is not a reading until it is one, with SEND greyed meanwhile', async () => {
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    await user.selectOptions(meterSelect(), 'Hybenvej 3');
    const cold = screen.getByRole('textbox', { name: 'Koldt vand (m³)' });
    const warm = screen.getByRole('textbox', { name: 'Varmt vand (m³)' });
    expect(warm).toHaveAttribute('placeholder', messages.measurementPlaceholder('Varmt vand'));
    await user.type(cold, '12,5');
    /** Replaces the value in one step, as pasting does: the test is about the value, not each key. */
    const enter = async (value: string) => {
      await user.clear(warm);
      await user.paste(value);
    };
    await enter('1,2,3');
    await user.tab();
    expect(warm).toHaveAccessibleDescription(messages.valueNotANumber);
    expect(send()).toBeDisabled();
    expect(send()).toHaveClass('btn-secondary');
    await enter('1234567890123');
    expect(warm).toHaveAccessibleDescription(messages.valueTooLong);
    expect(send()).toBeDisabled();
    await enter('12.5');
    expect(warm).not.toBeInvalid();
    expect(send()).toBeEnabled();
    expect(send()).toHaveClass('btn-primary');
  });

  it('sends nothing on Enter in a form with an empty value, and says what is missing', async () => {
    const requests = vi.spyOn(globalThis, 'fetch');
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    await user.selectOptions(meterSelect(), 'Hybenvej 1');
    const value = screen.getByRole('textbox', { name: 'Koldt vand (m³)' });
    await user.type(value, '5');
    await user.tab();
    await user.clear(value);
    await user.keyboard('{Enter}');
    expect(value).toHaveAccessibleDescription(messages.valueRequired);
    expect(send()).toBeDisabled();
    expect(requests).not.toHaveBeenCalled();
  });

  it('says a meter must be chosen once the reader left its select without one', async () => {
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    meterSelect().focus();
    await user.tab();
    expect(meterSelect()).toBeInvalid();
    expect(meterSelect()).toHaveAccessibleDescription(messages.meterRequired);
    await user.selectOptions(meterSelect(), 'Hybenvej 1');
    expect(meterSelect()).not.toBeInvalid();
  });

  it('says a location must be chosen once the reader left its select without one', async () => {
    const { user } = renderForm();
    location().focus();
    expect(location()).not.toHaveAccessibleDescription(messages.locationRequired);
    await user.tab();
    expect(location()).toHaveAccessibleDescription(messages.locationRequired);
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    expect(location()).not.toHaveAccessibleDescription(messages.locationRequired);
  });

  it('offers the location’s meters only once a location is chosen, and a new meter starts untouched', async () => {
    const { user } = renderForm();
    expect(meterSelect()).toBeDisabled();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    expect(
      screen
        .getAllByRole('option')
        .filter((option) => meterSelect().contains(option))
        .map((option) => option.textContent),
    ).toEqual([messages.meter, 'Hybenvej 1', 'Hybenvej 3', 'Hybenvej 5']);
    await user.selectOptions(meterSelect(), 'Hybenvej 1');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Koldt vand (m³)' })).toBeInvalid();
    await user.selectOptions(meterSelect(), 'Hybenvej 3');
    for (const name of ['Koldt vand (m³)', 'Varmt vand (m³)']) {
      expect(screen.getByRole('textbox', { name })).not.toBeInvalid();
    }
  });
});

describe('ReadingForm: what a resident sees and a meter reader sees', () => {
  const routeButtons = [routeMessages.route, routeMessages.skip, routeMessages.findMeter];

  it('shows a resident Forventet only once a value is typed, and no route, skip or find-meter', async () => {
    signedInAs(CUSTOMER_USER_ROLE);
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    await user.selectOptions(meterSelect(), 'Hybenvej 5');
    const value = screen.getByRole('textbox', { name: 'Koldt vand (m³)' });
    expect(screen.queryByText(expectedText)).toBeNull();
    for (const name of routeButtons) expect(screen.queryByRole('button', { name })).toBeNull();
    await user.keyboard('1');
    expect(value).toHaveAccessibleDescription(expectedText);
    await user.keyboard('{Backspace}');
    expect(screen.queryByText(expectedText)).toBeNull();
  });

  it('shows a meter reader Forventet before typing, and the route, skip and find-meter', async () => {
    signedInAs(0);
    const { user } = renderForm();
    await user.selectOptions(location(), 'Rækkehusene, Hybenvej');
    await user.selectOptions(meterSelect(), 'Hybenvej 5');
    expect(screen.getByRole('textbox', { name: 'Koldt vand (m³)' })).toHaveAccessibleDescription(
      expectedText,
    );
    // `Find måler` comes once the form has painted (issue 40).
    for (const name of routeButtons) expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  });
});
