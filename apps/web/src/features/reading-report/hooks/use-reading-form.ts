import '@/lib/zod-without-eval';
import { zodResolver } from '@hookform/resolvers/zod';
import { type GuaranteedAccountList, isoDateInCopenhagen } from '@maaler/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { showAlert } from '@/lib/alerts';
import { sessionKeys } from '@/lib/browser-storage/schema-checked-keys';
import { errorMessage } from '@/lib/messages';
import { selectAccount } from '@/lib/server-data/account-selection';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';
import { useGatewayTree } from '../api/get-gateway-tree';
import { readingReportMessages as messages } from '../messages';
import {
  buildReadingFormSchema,
  emptyReadingForm,
  type ReadingFormValues,
  type ValidReadingForm,
} from '../reading-form-schema';
import { useFocusAfterRender } from './use-focus-after-render';
import { useRegisterFormDraft } from './use-register-form-draft';
import { useSaveReadings } from './use-save-readings';

function readAccounts(): { accounts: GuaranteedAccountList; selectedId: string } {
  const accounts = sessionKeys.accountinfolist.get() ?? [];
  const selected = sessionKeys.accountselected.get();
  const selectedId = accounts.some((account) => account.guid === selected?.guid)
    ? (selected?.guid ?? '')
    : (accounts[0]?.guid ?? '');
  return { accounts, selectedId };
}

const USER_CHANGE = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

/**
 * The state of the home form (spec §4): the account → location → meter cascade, one value per
 * measurement point, the draft kept in session storage, and sending.
 */
export function useReadingForm() {
  const todayIso = isoDateInCopenhagen();
  const schema = useMemo(() => buildReadingFormSchema(todayIso), [todayIso]);
  const [{ accounts, selectedId }] = useState(readAccounts);
  // The account whose gateways are shown; it changes once a newly chosen account has loaded.
  const [loadedAccountId, setLoadedAccountId] = useState(selectedId);

  const form = useForm<ReadingFormValues, unknown, ValidReadingForm>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: emptyReadingForm(selectedId, todayIso),
  });
  const { control, getValues, setValue, reset, resetField } = form;
  const readings = useFieldArray({ control, name: 'readings' });
  const gatewaysQuery = useGatewayTree(loadedAccountId);
  const restored = useRegisterFormDraft(form, loadedAccountId, gatewaysQuery.data, todayIso);
  // 'always': without a connection the switch answers from the device's copies (issue 16) instead
  // of waiting, paused, for the connection to return.
  const switchAccount = useMutation({ mutationFn: selectAccount, networkMode: 'always' });

  const accountRef = useRef<HTMLSelectElement | null>(null);
  const meterRef = useRef<HTMLSelectElement | null>(null);
  const sendRef = useRef<HTMLButtonElement | null>(null);
  const warningsRef = useRef<HTMLHeadingElement | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const onFailed = useCallback(() => focusAfterRender(sendRef), [focusAfterRender]);
  const onLocationRestored = useCallback(() => focusAfterRender(meterRef), [focusAfterRender]);
  const onWarned = useCallback(() => focusAfterRender(warningsRef), [focusAfterRender]);

  const [gatewayId, deviceId] = useWatch({ control, name: ['gatewayId', 'deviceId'] });
  const gateways = restored && !switchAccount.isPending ? (gatewaysQuery.data ?? []) : [];
  const gateway = gateways.find((candidate) => String(candidate.GatewayId) === gatewayId);
  const devices = gateway?.DeviceList ?? [];
  const device = devices.find((candidate) => String(candidate.DeviceId) === deviceId);
  const save = useSaveReadings(form, gateway, device, { onFailed, onLocationRestored, onWarned });
  // The plausibility check before sending needs the meter's history: load it while values are typed.
  useQuery({
    ...readingHistoryQueryOptions(loadedAccountId, {
      gatewayId: Number(gatewayId),
      deviceId: Number(deviceId),
    }),
    enabled: gateway !== undefined && device !== undefined,
  });

  const chooseAccount = (accountId: string) => {
    const previousId = getValues('accountId');
    const account = accounts.find((candidate) => candidate.guid === accountId);
    if (!account || accountId === previousId) return;
    // The select is disabled while the account loads, which takes the focus away from it.
    const hadFocus = document.activeElement === accountRef.current;
    reset({ ...getValues(), accountId, gatewayId: '', deviceId: '', readings: [] });
    switchAccount.mutate(account, {
      onSuccess: () => setLoadedAccountId(accountId),
      onError: (error) => {
        setValue('accountId', previousId, { shouldValidate: true });
        showAlert('danger', messages.failed(errorMessage(error)));
      },
      onSettled: () => {
        if (hadFocus) focusAfterRender(accountRef);
      },
    });
  };

  const chooseLocation = (id: string) => {
    setValue('gatewayId', id, USER_CHANGE);
    resetField('deviceId', { defaultValue: '' });
    readings.replace([]);
  };

  const chooseMeter = (id: string) => {
    setValue('deviceId', id, USER_CHANGE);
    const items = devices.find((candidate) => String(candidate.DeviceId) === id)?.DeviceItemList ?? [];
    readings.replace(items.map((item) => ({ deviceItemId: item.DeviceItemId, value: '' })));
  };

  return {
    form,
    todayIso,
    accounts,
    gatewaysQuery,
    accountSwitching: switchAccount.isPending,
    gateways,
    gateway,
    devices,
    device,
    readingFields: readings.fields,
    chooseAccount,
    chooseLocation,
    chooseMeter,
    loadedAccountId,
    accountRef,
    meterRef,
    sendRef,
    warningsRef,
    ...save,
  };
}
