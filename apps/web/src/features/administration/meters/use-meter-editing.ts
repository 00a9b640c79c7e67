import type { AdminMeter, MoveRequest } from '@maaler/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/messages';
import { type MeterWrite, useMeterWrite } from './api/meters';
import type { FormValues, MeterForm } from './meter-forms';
import { focusAfterMove } from './meter-list-rules';
import { meterAdministrationMessages as messages } from './meter-messages';
import { useFocusAfterChange } from './use-focus-after-change';

/** What is open: one form (or the question before retiring) at a time, below the item it belongs to. */
export type OpenForm = MeterForm & {
  /** Where the form shows: `new`, `location-1`, `meter-2` or `point-3`. */
  at: string;
  /** The button that opened it, which gets the focus back. */
  returnTo: string;
};

/**
 * The changes made in `Målere`: the one form or retire question open, the write it sends, the
 * announcement of what was done, and where the focus goes afterwards. `id` makes the section's
 * element ids; `listFetching` says the list is still being read anew after a change.
 */
export function useMeterEditing(accountId: string, id: (what: string) => string, listFetching: boolean) {
  const write = useMeterWrite(accountId);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const [retiring, setRetiring] = useState<AdminMeter | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusLater = useFocusAfterChange(!write.isPending && !listFetching);

  const close = (returnTo: string) => {
    setOpen(null);
    setRetiring(null);
    write.reset();
    focusLater(returnTo);
  };

  const send = (request: MeterWrite, done: string, returnTo: string, focus: string[] = [returnTo]) => {
    setAnnouncement('');
    write.mutate(request, {
      onSuccess: () => {
        setOpen(null);
        setRetiring(null);
        setAnnouncement(done);
        focusLater(...focus);
      },
    });
  };

  /** Opens `form` below the item `at`; the button `opener` (of that item) gets the focus back. */
  const openForm = (at: string, opener: string, form: MeterForm) => {
    write.reset();
    setRetiring(null);
    setAnnouncement('');
    setOpen({ ...form, at, returnTo: id(opener) });
  };

  const submit = (form: OpenForm, values: FormValues) => {
    const request = form.submit(values);
    if (request) send(request.write, request.done, form.returnTo);
    else close(form.returnTo);
  };

  const move = (
    kind: 'location' | 'meter',
    itemId: number,
    name: string,
    direction: MoveRequest['Direction'],
  ) => {
    const call = kind === 'location' ? `movelocation/${itemId}` : `movemeter/${itemId}`;
    const up = id(`${kind}-${itemId}-up`);
    const down = id(`${kind}-${itemId}-down`);
    send(
      { call, body: { Direction: direction } },
      messages.moved(name),
      up,
      focusAfterMove(up, down, direction),
    );
  };

  const askRetire = (meter: AdminMeter) => {
    setOpen(null);
    write.reset();
    setAnnouncement('');
    setRetiring(meter);
  };

  /** Retired, the meter's buttons go: the focus moves to its location's `Tilføj måler`. */
  const retire = (meter: AdminMeter, gatewayId: number) =>
    send(
      { call: `retiremeter/${meter.DeviceId}` },
      messages.retired(meter.Name),
      id(`location-${gatewayId}-add`),
    );

  return {
    open,
    retiring,
    announcement,
    pending: write.isPending,
    error: write.isError ? messages.failed(errorMessage(write.error)) : '',
    openForm,
    submit,
    close,
    move,
    askRetire,
    retire,
    focusLater,
  };
}

export type MeterEditing = ReturnType<typeof useMeterEditing>;
