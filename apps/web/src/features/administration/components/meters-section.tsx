import {
  type AdminLocation,
  type AdminMeter,
  type AdminPoint,
  DEVICE_TYPES,
  type MoveRequest,
} from '@maaler/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { type MeterWrite, useMeterPage, useMeterWrite } from '../api/meters';
import { administrationMessages, meterAdministrationMessages as messages } from '../messages';

type Field = {
  key: string;
  label: string;
  initial: string;
  options?: readonly (readonly [string, string])[];
};
type Values = Record<string, string>;

/** What is open: one form (or the question before retiring) at a time, below the item it belongs to. */
type Open = {
  /** Where the form shows: `new`, `location-1`, `meter-2` or `point-3`. */
  at: string;
  title: string;
  fields: Field[];
  /** The write, or null when nothing changed; and what to announce. */
  submit: (values: Values) => { write: MeterWrite; done: string } | null;
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

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => [type, messages.types[type]] as const);
const changed = (values: Values, initial: Values, key: string) =>
  values[key]?.trim() !== initial[key] ? values[key] : undefined;

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

  const openForm = (form: Open) => {
    write.reset();
    setRetiring(null);
    setAnnouncement('');
    setOpen(form);
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
      <EditForm
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
    <section aria-labelledby={id('heading')}>
      <h2 id={id('heading')} className="h5">
        {messages.heading}
      </h2>
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
        onClick={() =>
          openForm({
            at: 'new',
            title: messages.addLocation,
            returnTo: id('add-location'),
            fields: [
              { key: 'Name', label: messages.name, initial: '' },
              { key: 'Address', label: messages.address, initial: '' },
            ],
            submit: (values) => ({
              write: { call: 'addlocation', body: { Name: values.Name, Address: values.Address } },
              done: messages.added(values.Name?.trim() ?? ''),
            }),
          })
        }
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
                openForm({
                  at: `location-${location.GatewayId}`,
                  title: messages.editLocation(location.Name),
                  returnTo: id(`location-${location.GatewayId}-edit`),
                  fields: [
                    { key: 'Name', label: messages.name, initial: location.Name },
                    { key: 'Address', label: messages.address, initial: location.Address },
                  ],
                  submit: (values) => ({
                    write: {
                      call: `updatelocation/${location.GatewayId}`,
                      body: { Name: values.Name, Address: values.Address },
                    },
                    done: messages.changed(values.Name?.trim() ?? ''),
                  }),
                })
              }
              onMove={(direction) => move('location', location.GatewayId, location.Name, direction)}
              onAddMeter={() =>
                openForm({
                  at: `location-${location.GatewayId}`,
                  title: messages.addMeterTo(location.Name),
                  returnTo: id(`location-${location.GatewayId}-add`),
                  fields: [
                    { key: 'Name', label: messages.name, initial: '' },
                    { key: 'SerialNumber', label: messages.serial, initial: '' },
                    { key: 'Type', label: messages.type, initial: 'water', options: TYPE_OPTIONS },
                    {
                      key: 'Manual',
                      label: messages.manual,
                      initial: '1',
                      options: [
                        ['1', messages.yes],
                        ['0', messages.no],
                      ],
                    },
                  ],
                  submit: (values) => ({
                    write: {
                      call: `addmeter/${location.GatewayId}`,
                      body: {
                        Name: values.Name,
                        SerialNumber: values.SerialNumber?.trim(),
                        Type: values.Type,
                        Manual: values.Manual === '1',
                      },
                    },
                    done: messages.added(values.Name?.trim() ?? ''),
                  }),
                })
              }
            >
              {formAt(`location-${location.GatewayId}`)}
              {location.Meters.map((meter, meterIndex) => (
                <MeterView
                  key={meter.DeviceId}
                  meter={meter}
                  id={id}
                  first={meterIndex === 0}
                  last={location.Meters[meterIndex + 1]?.Status !== 'active'}
                  busy={write.isPending}
                  onEdit={() => {
                    const initial = { Name: meter.Name, SerialNumber: meter.Serial };
                    openForm({
                      at: `meter-${meter.DeviceId}`,
                      title: messages.editMeter(meter.Name),
                      returnTo: id(`meter-${meter.DeviceId}-edit`),
                      fields: [
                        { key: 'Name', label: messages.name, initial: meter.Name },
                        { key: 'SerialNumber', label: messages.serial, initial: meter.Serial },
                      ],
                      submit: (values) => {
                        const body = {
                          Name: changed(values, initial, 'Name'),
                          SerialNumber: changed(values, initial, 'SerialNumber'),
                        };
                        if (body.Name === undefined && body.SerialNumber === undefined) return null;
                        return {
                          write: { call: `updatemeter/${meter.DeviceId}`, body },
                          done: messages.changed(values.Name?.trim() ?? ''),
                        };
                      },
                    });
                  }}
                  onMove={(direction) => move('meter', meter.DeviceId, meter.Name, direction)}
                  onRetire={() => {
                    setOpen(null);
                    write.reset();
                    setAnnouncement('');
                    setRetiring(meter);
                  }}
                  onAddPoint={() =>
                    openForm({
                      at: `meter-${meter.DeviceId}`,
                      title: messages.addPointTo(meter.Name),
                      returnTo: id(`meter-${meter.DeviceId}-add`),
                      fields: [
                        { key: 'Name', label: messages.name, initial: '' },
                        { key: 'Unit', label: messages.unit, initial: '' },
                      ],
                      submit: (values) => ({
                        write: {
                          call: `addpoint/${meter.DeviceId}`,
                          body: { Name: values.Name, Unit: values.Unit },
                        },
                        done: messages.added(values.Name?.trim() ?? ''),
                      }),
                    })
                  }
                  onEditPoint={(point) => {
                    const initial = { Name: point.Name, Unit: point.Unit };
                    openForm({
                      at: `point-${point.DeviceItemId}`,
                      title: messages.editPoint(point.Name),
                      returnTo: id(`point-${point.DeviceItemId}-edit`),
                      fields: [
                        { key: 'Name', label: messages.name, initial: point.Name },
                        { key: 'Unit', label: messages.unit, initial: point.Unit },
                      ],
                      submit: (values) => {
                        const body = {
                          Name: changed(values, initial, 'Name'),
                          Unit: changed(values, initial, 'Unit'),
                        };
                        if (body.Name === undefined && body.Unit === undefined) return null;
                        return {
                          write: { call: `updatepoint/${point.DeviceItemId}`, body },
                          done: messages.changed(values.Name?.trim() ?? ''),
                        };
                      },
                    });
                  }}
                  formAt={formAt}
                >
                  {retiring?.DeviceId === meter.DeviceId && (
                    <Alert variant="warning" className="mt-2 mb-0">
                      <p>{messages.retireQuestion(meter.Name)}</p>
                      <p className="small">{messages.meterChangeNote}</p>
                      {write.isError && (
                        <p role="alert" className="text-danger">
                          {messages.failed(errorMessage(write.error))}
                        </p>
                      )}
                      <div className="d-flex flex-wrap gap-2">
                        <Button
                          variant="danger"
                          autoFocus
                          disabled={write.isPending}
                          onClick={() =>
                            send(
                              { call: `retiremeter/${meter.DeviceId}` },
                              messages.retired(meter.Name),
                              id(`location-${location.GatewayId}-add`),
                            )
                          }
                        >
                          {messages.confirmRetire}
                        </Button>
                        <Button variant="light" onClick={() => close(id(`meter-${meter.DeviceId}-retire`))}>
                          {messages.cancel}
                        </Button>
                      </div>
                    </Alert>
                  )}
                </MeterView>
              ))}
            </LocationView>
          </li>
        ))}
      </ul>

      {data && data.PageCount > 1 && (
        <nav aria-label={messages.pages} className="d-flex align-items-center gap-2">
          <Button variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(data.Page - 1)}>
            {messages.previous}
          </Button>
          <span>{messages.page(data.Page, data.PageCount)}</span>
          <Button
            variant="outline-secondary"
            disabled={data.Page >= data.PageCount}
            onClick={() => setPage(data.Page + 1)}
          >
            {messages.next}
          </Button>
        </nav>
      )}
    </section>
  );
}

type Ids = (what: string) => string;

function MoveButtons({
  base,
  name,
  first,
  last,
  busy,
  onMove,
}: {
  base: string;
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: MoveRequest['Direction']) => void;
}) {
  return (
    <>
      <Button
        id={`${base}-up`}
        size="sm"
        variant="outline-secondary"
        aria-label={messages.moveUpLabel(name)}
        disabled={first || busy}
        onClick={() => onMove('up')}
      >
        {messages.moveUp}
      </Button>
      <Button
        id={`${base}-down`}
        size="sm"
        variant="outline-secondary"
        aria-label={messages.moveDownLabel(name)}
        disabled={last || busy}
        onClick={() => onMove('down')}
      >
        {messages.moveDown}
      </Button>
    </>
  );
}

function LocationView({
  location,
  id,
  firstInRoute,
  lastInRoute,
  busy,
  onEdit,
  onMove,
  onAddMeter,
  children,
}: {
  location: AdminLocation;
  id: Ids;
  firstInRoute: boolean;
  lastInRoute: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: MoveRequest['Direction']) => void;
  onAddMeter: () => void;
  children: ReactNode;
}) {
  const base = id(`location-${location.GatewayId}`);
  return (
    <>
      <h3 className="h6 mb-0">{location.Name}</h3>
      {location.Address && <p className="small text-body-secondary mb-1">{location.Address}</p>}
      <div className="d-flex flex-wrap gap-1 mb-2">
        <Button
          id={`${base}-edit`}
          size="sm"
          variant="outline-primary"
          aria-label={messages.editLocation(location.Name)}
          onClick={onEdit}
        >
          {messages.edit}
        </Button>
        <MoveButtons
          base={base}
          name={location.Name}
          first={firstInRoute}
          last={lastInRoute}
          busy={busy}
          onMove={onMove}
        />
        <Button
          id={`${base}-add`}
          size="sm"
          variant="outline-primary"
          aria-label={messages.addMeterTo(location.Name)}
          onClick={onAddMeter}
        >
          {messages.addMeter}
        </Button>
      </div>
      <div className="d-flex flex-column gap-2">{children}</div>
    </>
  );
}

function MeterView({
  meter,
  id,
  first,
  last,
  busy,
  onEdit,
  onMove,
  onRetire,
  onAddPoint,
  onEditPoint,
  formAt,
  children,
}: {
  meter: AdminMeter;
  id: Ids;
  first: boolean;
  last: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (direction: MoveRequest['Direction']) => void;
  onRetire: () => void;
  onAddPoint: () => void;
  onEditPoint: (point: AdminPoint) => void;
  formAt: (at: string) => ReactNode;
  children: ReactNode;
}) {
  const base = id(`meter-${meter.DeviceId}`);
  const active = meter.Status === 'active';
  return (
    <article className="border-top pt-2" aria-labelledby={`${base}-name`}>
      <h4 id={`${base}-name`} className="h6 mb-0">
        {meter.Name}
      </h4>
      <p className="small mb-1">
        {messages.types[meter.Type]} · {meter.Serial || messages.noSerial} ·{' '}
        <span className={active ? '' : 'text-danger'}>{messages.statuses[meter.Status]}</span>
      </p>
      {active && (
        <div className="d-flex flex-wrap gap-1 mb-1">
          <Button
            id={`${base}-edit`}
            size="sm"
            variant="outline-primary"
            aria-label={messages.editMeter(meter.Name)}
            onClick={onEdit}
          >
            {messages.edit}
          </Button>
          <MoveButtons base={base} name={meter.Name} first={first} last={last} busy={busy} onMove={onMove} />
          <Button
            id={`${base}-add`}
            size="sm"
            variant="outline-primary"
            aria-label={messages.addPointTo(meter.Name)}
            onClick={onAddPoint}
          >
            {messages.addPoint}
          </Button>
          <Button
            id={`${base}-retire`}
            size="sm"
            variant="outline-secondary"
            aria-label={messages.retireLabel(meter.Name)}
            onClick={onRetire}
          >
            {messages.retire}
          </Button>
        </div>
      )}
      {children}
      {formAt(`meter-${meter.DeviceId}`)}
      {meter.Points.length === 0 ? (
        <p className="small text-body-secondary mb-0">{messages.noPoints}</p>
      ) : (
        <ul className="mb-0 ps-3" aria-label={`${messages.points}: ${meter.Name}`}>
          {meter.Points.map((point) => (
            <li key={point.DeviceItemId} className="small">
              <span className="me-2">
                {point.Name} ({point.Unit})
              </span>
              {active && (
                <Button
                  id={id(`point-${point.DeviceItemId}-edit`)}
                  size="sm"
                  variant="light"
                  aria-label={messages.editPoint(point.Name)}
                  onClick={() => onEditPoint(point)}
                >
                  {messages.edit}
                </Button>
              )}
              {formAt(`point-${point.DeviceItemId}`)}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** A small form of text fields and selects, its first field focused; the server's refusal below it. */
function EditForm({
  idPrefix,
  form,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  form: Open;
  pending: boolean;
  error: string;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(form.fields.map((field) => [field.key, field.initial])),
  );
  const errorId = `${idPrefix}-error`;
  return (
    <Form
      className="border rounded p-2 my-2"
      aria-label={form.title}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="fw-bold mb-2">{form.title}</p>
      {form.fields.map((field, index) => (
        <Form.Group key={field.key} controlId={`${idPrefix}-${field.key}`} className="mb-2">
          <Form.Label>{field.label}</Form.Label>
          {field.options ? (
            <Form.Select
              value={values[field.key]}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
            >
              {field.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Form.Select>
          ) : (
            <Form.Control
              value={values[field.key]}
              autoFocus={index === 0}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
            />
          )}
        </Form.Group>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary" disabled={pending}>
          {messages.save}
        </Button>
        <Button variant="light" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </div>
    </Form>
  );
}
