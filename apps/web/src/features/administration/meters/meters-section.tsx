import type { AdminMeter, MoveRequest } from '@maaler/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ADMIN_METERS_SHOWN_PER_LOCATION } from '@/config/constants';
import { errorMessage } from '@/lib/messages';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { administrationMessages, meterAdministrationMessages as messages } from '../messages';
import { AdminMeterChange } from './admin-meter-change';
import { type MeterWrite, useMeterPage, useMeterWrite } from './api/meters';
import { MeterEditForm } from './meter-edit-form';
import {
  addLocationForm,
  addMeterForm,
  addPointForm,
  editLocationForm,
  editMeterForm,
  editPointForm,
  type MeterForm,
} from './meter-forms';
import { LocationView, MeterView, MoreMeters } from './meter-list-items';
import { RetireQuestion } from './retire-question';

/** What is open: one form (or the question before retiring) at a time, below the item it belongs to. */
type Open = MeterForm & {
  /** Where the form shows: `new`, `location-1`, `meter-2` or `point-3`. */
  at: string;
  /** The button that opened it, which gets the focus back. */
  returnTo: string;
};

/** Focuses the first of these buttons that is there and enabled; false when none is. */
function focusFirst(ids: readonly string[]): boolean {
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element instanceof HTMLButtonElement && !element.disabled) {
      element.focus();
      return true;
    }
  }
  return false;
}

/**
 * 'Målere': the account's locations → meters → measurement points in route order, a page of
 * locations at a time (the server pages and searches, so 5,000 meters stay fast), with forms to add
 * and change them, move them up and down and take a meter out of service (asked first). A meter is
 * replaced with 'Målerskift' on the reading screen, which this section points to rather than repeats.
 */
export function MetersSection({ accountId }: { accountId: string }) {
  const prefix = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useMeterPage(accountId, search, page);
  const write = useMeterWrite(accountId);
  const [open, setOpen] = useState<Open | null>(null);
  const [retiring, setRetiring] = useState<AdminMeter | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // How many meters each location shows (by its id); a location of 50 meters shows a handful first.
  const [shown, setShown] = useState<Record<number, number>>({});
  const shownOf = (gatewayId: number) => shown[gatewayId] ?? ADMIN_METERS_SHOWN_PER_LOCATION;
  const id = (what: string) => `${prefix}-${what}`;
  // Where the focus goes once the list shows the change (a moved item is re-placed in the page, a
  // form closes), tried after each render until one of the buttons is there and enabled.
  const focusNext = useRef<string[]>([]);
  const focusLater = (...ids: string[]) => {
    focusNext.current = ids;
  };
  const settled = !write.isPending && !list.isFetching;
  useEffect(() => {
    if (focusNext.current.length === 0) return;
    if (focusFirst(focusNext.current) || settled) focusNext.current = [];
  });

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
      direction === 'up' ? [up, down] : [down, up],
    );
  };

  const formAt = (at: string) =>
    open?.at === at && (
      <MeterEditForm
        key={at}
        idPrefix={id(`form-${at}`)}
        form={open}
        pending={write.isPending}
        error={write.isError ? messages.failed(errorMessage(write.error)) : ''}
        onSubmit={(values) => {
          const request = open.submit(values);
          if (request) send(request.write, request.done, open.returnTo);
          else close(open.returnTo);
        }}
        onCancel={() => close(open.returnTo)}
      />
    );

  const data = list.data;
  const locations = data?.Locations ?? [];
  const lastPage = data?.PageCount ?? 1;

  return (
    <AdminSection headingId={id('heading')} heading={messages.heading}>
      <p>{messages.intro}</p>
      <p role="status" className={announcement ? 'alert alert-success' : 'visually-hidden'}>
        {announcement}
      </p>
      <form
        className="d-flex gap-2 align-items-end mb-3"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setSearch(draft.trim());
          setPage(1);
        }}
      >
        <Form.Group controlId={id('search')} className="flex-grow-1">
          <Form.Label>{messages.search}</Form.Label>
          <Form.Control type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </Form.Group>
        <Button type="submit" variant="outline-primary">
          {messages.searchButton}
        </Button>
      </form>
      <Button
        id={id('add-location')}
        variant="primary"
        className="mb-3"
        onClick={() => openForm('new', 'add-location', addLocationForm())}
      >
        {messages.addLocation}
      </Button>
      {formAt('new')}

      {list.isPending && <p role="status">{administrationMessages.loading}</p>}
      {list.isError && <Alert variant="danger">{messages.failed(errorMessage(list.error))}</Alert>}
      {data && (
        <p className="small text-body-secondary">
          {locations.length === 0
            ? search === ''
              ? messages.noLocations
              : messages.noneFound
            : messages.locationsFound(data.LocationCount)}
        </p>
      )}

      <ul className="list-unstyled d-flex flex-column gap-3">
        {locations.map((location, index) => (
          <li key={location.GatewayId} className="border rounded p-2">
            <LocationView
              location={location}
              id={id}
              firstInRoute={search === '' && page === 1 && index === 0}
              lastInRoute={search === '' && page === lastPage && index === locations.length - 1}
              busy={write.isPending}
              onEdit={() =>
                openForm(
                  `location-${location.GatewayId}`,
                  `location-${location.GatewayId}-edit`,
                  editLocationForm(location),
                )
              }
              onMove={(direction) => move('location', location.GatewayId, location.Name, direction)}
              onAddMeter={() =>
                openForm(
                  `location-${location.GatewayId}`,
                  `location-${location.GatewayId}-add`,
                  addMeterForm(location),
                )
              }
            >
              {formAt(`location-${location.GatewayId}`)}
              {location.Meters.slice(0, shownOf(location.GatewayId)).map((meter, meterIndex) => (
                <MeterView
                  key={meter.DeviceId}
                  meter={meter}
                  id={id}
                  first={meterIndex === 0}
                  last={location.Meters[meterIndex + 1]?.Status !== 'active'}
                  busy={write.isPending}
                  onEdit={() =>
                    openForm(`meter-${meter.DeviceId}`, `meter-${meter.DeviceId}-edit`, editMeterForm(meter))
                  }
                  onMove={(direction) => {
                    // A meter moved below the last one shown stays in sight.
                    if (direction === 'down' && meterIndex === shownOf(location.GatewayId) - 1)
                      setShown({ ...shown, [location.GatewayId]: meterIndex + 2 });
                    move('meter', meter.DeviceId, meter.Name, direction);
                  }}
                  meterChange={
                    <AdminMeterChange
                      accountId={accountId}
                      deviceId={meter.DeviceId}
                      onChanged={(newDeviceId) => focusLater(id(`meter-${newDeviceId}-edit`))}
                    />
                  }
                  onRetire={() => {
                    setOpen(null);
                    write.reset();
                    setAnnouncement('');
                    setRetiring(meter);
                  }}
                  onAddPoint={() =>
                    openForm(`meter-${meter.DeviceId}`, `meter-${meter.DeviceId}-add`, addPointForm(meter))
                  }
                  onEditPoint={(point) =>
                    openForm(
                      `point-${point.DeviceItemId}`,
                      `point-${point.DeviceItemId}-edit`,
                      editPointForm(point),
                    )
                  }
                  formAt={formAt}
                >
                  {retiring?.DeviceId === meter.DeviceId && (
                    <RetireQuestion
                      meter={meter}
                      error={write.isError ? messages.failed(errorMessage(write.error)) : ''}
                      pending={write.isPending}
                      onConfirm={() =>
                        send(
                          { call: `retiremeter/${meter.DeviceId}` },
                          messages.retired(meter.Name),
                          id(`location-${location.GatewayId}-add`),
                        )
                      }
                      onCancel={() => close(id(`meter-${meter.DeviceId}-retire`))}
                    />
                  )}
                </MeterView>
              ))}
              <MoreMeters
                location={location}
                shown={shownOf(location.GatewayId)}
                onMore={(count) => {
                  setShown({ ...shown, [location.GatewayId]: count });
                  // When the last ones appear the button goes: the focus moves to the first of them.
                  const first = location.Meters[shownOf(location.GatewayId)];
                  if (count >= location.Meters.length && first)
                    focusLater(id(`meter-${first.DeviceId}-edit`), id(`location-${location.GatewayId}-add`));
                }}
              />
            </LocationView>
          </li>
        ))}
      </ul>

      {data && <Pager label={messages.pages} page={data.Page} pages={data.PageCount} onPage={setPage} />}
    </AdminSection>
  );
}
