import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { readingHistoryQueryOptions } from '@/lib/server-data/reading-history-api';
import { readingStatusKey } from '@/lib/server-data/reading-status-key';
import { readingStatusQueryOptions, useReadingStatus } from '../api/get-reading-status';
import { routeMessages as messages } from '../messages';
import {
  type LocalProgress,
  type MeterRef,
  nextOnRoute,
  readsRouteMeter,
  routeMeterAt,
  routeMeters,
  withDone,
  withKept,
} from '../route-status';
import { useKeptOnDevice } from './use-kept-on-device';

const NOTHING_YET: LocalProgress = { read: new Set(), skipped: new Set() };

type RouteModeOptions = {
  accountId: string;
  /** Fills the form with this meter; false when the form's gateways do not have it. */
  chooseMeterAt: (meter: MeterRef) => boolean;
  /** Puts the focus in the first value once the meter's inputs are there. */
  focusFirstValue: () => void;
};

/**
 * Route mode (issue 17): the route of the chosen account with each meter's status in the current
 * period, updated on the device as readings are saved or kept and meters skipped (also from what
 * waits on the device, so it holds after a reload without a connection). Once a meter was
 * chosen from the route, every save moves the form on to the next `Mangler` meter and says so.
 */
export function useRouteMode({ accountId, chooseMeterAt, focusFirstValue }: RouteModeOptions) {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [following, setFollowing] = useState(false);
  const [local, setLocal] = useState<LocalProgress>(NOTHING_YET);
  const [announcement, setAnnouncement] = useState('');
  const status = useReadingStatus(accountId, dialogOpen || following);
  const kept = useKeptOnDevice(accountId, dialogOpen || following);
  const meters = useMemo(
    () => (status.data ? routeMeters(status.data, withKept(local, kept, status.data.period)) : null),
    [status.data, local, kept],
  );

  // Another account has another route: its progress starts afresh, in the render that shows it.
  const [routeAccount, setRouteAccount] = useState(accountId);
  if (accountId && accountId !== routeAccount) {
    setRouteAccount(accountId);
    setFollowing(false);
    setLocal(NOTHING_YET);
    setAnnouncement('');
  }

  const goTo = useCallback(
    (meter: MeterRef, text: string) => {
      if (!chooseMeterAt(meter)) return;
      focusFirstValue();
      setAnnouncement(text);
    },
    [chooseMeterAt, focusFirstValue],
  );

  const choose = (chosen: MeterRef) => {
    setDialogOpen(false);
    const meter = meters ? routeMeterAt(meters, chosen) : undefined;
    if (!meter) return;
    setFollowing(true);
    goTo(meter, messages.meterChosen(meter.name));
  };

  // The save and the skip call back later than the render that made them: they read the latest state.
  const latest = useRef({ local, kept, following, goTo });
  latest.current = { local, kept, following, goTo };

  const moveOn = useCallback(
    async (done: MeterRef, progress: LocalProgress) => {
      const data = await queryClient.ensureQueryData(readingStatusQueryOptions(accountId)).catch(() => null);
      if (!data) return;
      const next = nextOnRoute(data, progress, latest.current.kept, done);
      if (next) latest.current.goTo(next, messages.nextMeter(next.name));
      else setAnnouncement(messages.allRead);
    },
    [queryClient, accountId],
  );

  /** `serverChanged`: the server has it now, so its status answer is out of date. */
  const record = (done: MeterRef, how: keyof LocalProgress, serverChanged = true): LocalProgress => {
    const progress = withDone(latest.current.local, done, how);
    latest.current.local = progress;
    setLocal(progress);
    if (serverChanged) void queryClient.invalidateQueries({ queryKey: readingStatusKey(accountId) });
    return progress;
  };

  /**
   * Readings of `meter` dated `date` were saved or kept on the device: they read it when the date
   * lies in the period (a reading of an earlier day leaves it missing). Kept ones are counted here
   * and on the device; the sync asks for the status again once it has sent them.
   */
  const readingsSaved = (meter: MeterRef, date: string, serverChanged: boolean) => {
    const period = queryClient.getQueryData(readingStatusQueryOptions(accountId).queryKey)?.period;
    if (readsRouteMeter(date, period)) record(meter, 'read', serverChanged);
  };

  /**
   * Route mode's step (ADR 054): the form goes on to the next `Mangler` meter in the render that
   * clears the saved one, from the status already loaded; the history of the meter after it is
   * fetched meanwhile, so its SEND does not wait for it. False when the route has no next meter or is
   * not loaded (the spec's flow then restores the location, and `afterSave` says what is left).
   */
  const moveOnNow = (saved: MeterRef): boolean => {
    const data = queryClient.getQueryData(readingStatusQueryOptions(accountId).queryKey);
    if (!latest.current.following || !data) return false;
    const { local: progress, kept: waiting } = latest.current;
    const next = nextOnRoute(data, progress, waiting, saved);
    if (!next) return false;
    latest.current.goTo(next, messages.nextMeter(next.name));
    const after = nextOnRoute(data, withDone(progress, next, 'read'), waiting, next);
    if (after && navigator.onLine) {
      const meter = { gatewayId: after.gatewayId, deviceId: after.deviceId };
      void queryClient.prefetchQuery(readingHistoryQueryOptions(accountId, meter));
    }
    return true;
  };

  /** After a save, once the location is chosen again: true when the route takes the form on. */
  const afterSave = (saved: MeterRef): boolean => {
    if (!latest.current.following) return false;
    void moveOn(saved, latest.current.local);
    return true;
  };

  /** A meter found by its serial number: the form takes it, and saves move on along the route. */
  const found = (meter: MeterRef, name: string) => {
    setFollowing(true);
    latest.current.following = true;
    goTo(meter, messages.meterChosen(name));
  };

  /** The meter was skipped: the form moves on along the route. */
  const skipped = (meter: MeterRef) => {
    const progress = record(meter, 'skipped');
    setFollowing(true);
    latest.current.following = true;
    void moveOn(meter, progress);
  };

  return {
    /** A meter was taken from the route (or found or skipped): saves move on, the form is laid out for it. */
    following,
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
    meters,
    statusError: status.isError ? status.error : null,
    choose,
    announcement,
    readingsSaved,
    moveOnNow,
    afterSave,
    found,
    skipped,
  };
}

export type RouteMode = ReturnType<typeof useRouteMode>;
