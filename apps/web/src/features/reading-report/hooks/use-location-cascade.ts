import type { GuaranteedAccountList, GuaranteedDevice } from '@maaler/contract';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { showAlert } from '@/lib/alerts';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { errorMessage } from '@/lib/messages';
import { selectAccount } from '@/lib/server-data/account-selection';
import { useGatewayTree } from '../api/get-gateway-tree';
import { emptyReadingsFor, startingAccountId } from '../cascade-choices';
import { readingReportMessages as messages } from '../messages';
import type { MeterRef } from '../route-status';
import type { ReadingFormState } from './use-reading-form-state';
import { useRegisterFormDraft } from './use-register-form-draft';

function readAccounts(): { accounts: GuaranteedAccountList; selectedId: string } {
  const accounts = sessionKeys.accountinfolist.get() ?? [];
  const selectedId = startingAccountId(accounts, sessionKeys.accountselected.get()?.guid);
  return { accounts, selectedId };
}

/** The account the form starts with: the selected one, else the first the user has. */
export const initialAccountId = (): string => readAccounts().selectedId;

type CascadeOptions = {
  todayIso: string;
  /** The account select, which loses the focus while it is disabled during a switch. */
  accountRef: RefObject<HTMLSelectElement | null>;
  afterAccountLoaded: () => void;
};

/**
 * The account → location → meter cascade of the home form (spec §4): which choices each select
 * offers, what choosing one clears, the account switch (its gateways load before they are shown), and
 * the draft restored from session storage once the first gateways are there.
 */
export function useLocationCascade(
  form: ReadingFormState,
  { todayIso, accountRef, afterAccountLoaded }: CascadeOptions,
) {
  const [{ accounts, selectedId }] = useState(readAccounts);
  // The account whose gateways are shown; it changes once a newly chosen account has loaded.
  const [loadedAccountId, setLoadedAccountId] = useState(selectedId);
  const { getValues, change, replaceReadings, reset } = form;
  const gatewaysQuery = useGatewayTree(loadedAccountId);
  const restored = useRegisterFormDraft(form, loadedAccountId, gatewaysQuery.data, todayIso);
  // 'always': without a connection the switch answers from the device's copies (issue 16) instead
  // of waiting, paused, for the connection to return.
  const switchAccount = useMutation({ mutationFn: selectAccount, networkMode: 'always' });

  const { gatewayId, deviceId } = form.values;
  const gateways = restored && !switchAccount.isPending ? (gatewaysQuery.data ?? []) : [];
  const gateway = gateways.find((candidate) => String(candidate.GatewayId) === gatewayId);
  const devices: readonly GuaranteedDevice[] = gateway?.DeviceList ?? [];
  const device = devices.find((candidate) => String(candidate.DeviceId) === deviceId);

  const chooseAccount = (accountId: string) => {
    const previousId = getValues().accountId;
    const account = accounts.find((candidate) => candidate.guid === accountId);
    if (!account || accountId === previousId) return;
    const hadFocus = document.activeElement === accountRef.current;
    reset({ ...getValues(), accountId, gatewayId: '', deviceId: '', readings: [] });
    switchAccount.mutate(account, {
      onSuccess: () => setLoadedAccountId(accountId),
      onError: (error) => {
        change({ accountId: previousId });
        showAlert('danger', messages.failed(errorMessage(error)));
      },
      onSettled: () => {
        if (hadFocus) afterAccountLoaded();
      },
    });
  };

  const chooseLocation = (id: string) => {
    change({ gatewayId: id, deviceId: '' }, { touch: ['gatewayId'], untouch: ['deviceId'] });
    replaceReadings([]);
  };

  const chooseMeter = (id: string) => {
    change({ deviceId: id }, { touch: ['deviceId'] });
    const items = devices.find((candidate) => String(candidate.DeviceId) === id)?.DeviceItemList ?? [];
    replaceReadings(emptyReadingsFor(items));
  };

  /** Route mode: location and meter at once (the meter's points get empty values). */
  const chooseMeterAt = ({ gatewayId, deviceId }: MeterRef): boolean => {
    const target = gateways.find((candidate) => candidate.GatewayId === gatewayId);
    const meter = target?.DeviceList.find((candidate) => candidate.DeviceId === deviceId);
    if (!meter) return false;
    change(
      { gatewayId: String(gatewayId), deviceId: String(deviceId) },
      { touch: ['gatewayId', 'deviceId'] },
    );
    replaceReadings(emptyReadingsFor(meter.DeviceItemList));
    return true;
  };

  const switching = switchAccount.isPending;
  return {
    accounts,
    loadedAccountId,
    gatewaysQuery,
    switching,
    /** The gateways are being loaded: for a switch, or the first time. */
    loadingGateways: switching || gatewaysQuery.isLoading,
    gateways,
    gateway,
    devices,
    device,
    gatewayId,
    deviceId,
    chooseAccount,
    chooseLocation,
    chooseMeter,
    chooseMeterAt,
  };
}

export type LocationCascade = ReturnType<typeof useLocationCascade>;
