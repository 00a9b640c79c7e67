import { type AdminLocation, type AdminMeter, type AdminPoint, DEVICE_TYPES } from '@maaler/contract';
import type { MeterWrite } from './api/meters';
import { meterAdministrationMessages as messages } from './meter-messages';

export type FormField = {
  key: string;
  label: string;
  initial: string;
  options?: readonly (readonly [string, string])[];
  /** `text` unless said; a checkbox holds '1' when ticked, '' when not. */
  kind?: 'text' | 'number' | 'date' | 'checkbox' | 'email' | 'tel';
  /** The heading of the group of fields this one belongs to (a fieldset); none: not grouped. */
  group?: string;
  /** A line under the field, tied to it. */
  hint?: string;
  /** What is sent for the typed value; the text as typed unless said. */
  toWire?: (value: string) => unknown;
};
export type FormValues = Record<string, string>;

/** A form of 'Målere': its title, its fields, and the write a submit makes (null: nothing changed). */
export type MeterForm = {
  title: string;
  fields: FormField[];
  submit: (values: FormValues) => { write: MeterWrite; done: string } | null;
};

const field =
  (key: string, label: string) =>
  (initial = ''): FormField => ({ key, label, initial });
const name = field('Name', messages.name);
const address = field('Address', messages.address);
const serial = field('SerialNumber', messages.serial);
const unit = field('Unit', messages.unit);
// `Adgang` and `Placering` (issue 37): shown to the reader on the form and in the route; '' clears one.
const access = field('Access', messages.access);
const placement = field('Placement', messages.placement);
const TYPE_OPTIONS = DEVICE_TYPES.map((type) => [type, messages.types[type]] as const);

// The register's settings and the installation day (ADR 020): all optional, empty sends null.
const digitsOnly = /^\d+$/;
const registerDigits = (initial: number | null = null): FormField => ({
  key: 'RegisterDigits',
  label: messages.registerDigits,
  initial: initial === null ? '' : String(initial),
  kind: 'number',
  hint: messages.registerDigitsHint,
  // Anything but digits goes as typed, so the server's Danish refusal says what is wrong.
  toWire: (value) => {
    const typed = value.trim();
    if (typed === '') return null;
    return digitsOnly.test(typed) ? Number(typed) : typed;
  },
});
const countsUpOnly = (initial = false): FormField => ({
  key: 'CountsUpOnly',
  label: messages.countsUpOnly,
  initial: initial ? '1' : '',
  kind: 'checkbox',
  hint: messages.countsUpOnlyHint,
  toWire: (value) => value === '1',
});
const installedOn = (initial: string | null = null): FormField => ({
  key: 'InstalledOn',
  label: messages.installedOn,
  initial: initial ?? '',
  kind: 'date',
  hint: messages.installedOnHint,
  toWire: (value) => (value === '' ? null : value),
});

// `Fjernaflæst` (issue 38, ADR 050): the radio id the telegrams carry; left empty, the serial number.
const remote = (meter: AdminMeter): FormField[] => [
  {
    key: 'Remote',
    label: messages.remote,
    initial: meter.RadioId === null ? '' : '1',
    kind: 'checkbox',
    hint: messages.remoteHint,
    toWire: (value) => value === '1',
  },
  { key: 'RadioId', label: messages.radioId, initial: meter.RadioId ?? '', hint: messages.radioIdHint },
];

// The resident's contact (ADR 039): personal data, typed by the administrator, never filled in by the
// browser from the administrator's own details; an emptied field clears it.
const resident = (meter: AdminMeter): FormField[] =>
  (
    [
      ['ResidentName', messages.residentName, meter.ResidentName, 'text'],
      ['ResidentEmail', messages.residentEmail, meter.ResidentEmail, 'email'],
      ['ResidentPhone', messages.residentPhone, meter.ResidentPhone, 'tel'],
    ] as const
  ).map(([key, label, initial, kind]) => ({ key, label, initial, kind, group: messages.resident }));

const wireValue = (field: FormField, values: FormValues) => {
  const value = values[field.key] ?? '';
  return field.toWire ? field.toWire(value) : value;
};

/** A form that adds: every field is sent as typed (or as `toBody` makes it). */
function addForm(
  title: string,
  call: string,
  fields: FormField[],
  toBody: (values: FormValues) => object = (values) =>
    Object.fromEntries(fields.map((field) => [field.key, wireValue(field, values)])),
): MeterForm {
  return {
    title,
    fields,
    submit: (values) => ({
      write: { call, body: toBody(values) },
      done: messages.added(values.Name?.trim() ?? ''),
    }),
  };
}

/** A form that changes: only the fields whose value changed are sent; none changed writes nothing. */
function changeForm(title: string, call: string, fields: FormField[]): MeterForm {
  return {
    title,
    fields,
    submit: (values) => {
      const body = Object.fromEntries(
        fields
          .filter(({ key, initial }) => values[key]?.trim() !== initial)
          .map((field) => [field.key, wireValue(field, values)]),
      );
      if (Object.keys(body).length === 0) return null;
      return { write: { call, body }, done: messages.changed(values.Name?.trim() ?? '') };
    },
  };
}

export const addLocationForm = (): MeterForm =>
  addForm(messages.addLocation, 'addlocation', [name(), address()]);

export const editLocationForm = (location: AdminLocation): MeterForm =>
  changeForm(messages.editLocation(location.Name), `updatelocation/${location.GatewayId}`, [
    name(location.Name),
    address(location.Address),
    access(location.Access),
    placement(location.Placement),
  ]);

export const addMeterForm = (location: AdminLocation): MeterForm =>
  addForm(
    messages.addMeterTo(location.Name),
    `addmeter/${location.GatewayId}`,
    [
      name(),
      serial(),
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
      installedOn(),
    ],
    (values) => ({
      Name: values.Name,
      SerialNumber: values.SerialNumber?.trim(),
      Type: values.Type,
      Manual: values.Manual === '1',
      InstalledOn: values.InstalledOn === '' ? null : values.InstalledOn,
    }),
  );

export const editMeterForm = (meter: AdminMeter): MeterForm =>
  changeForm(messages.editMeter(meter.Name), `updatemeter/${meter.DeviceId}`, [
    name(meter.Name),
    serial(meter.Serial),
    installedOn(meter.InstalledOn),
    access(meter.Access),
    placement(meter.Placement),
    ...remote(meter),
    ...resident(meter),
  ]);

export const addPointForm = (meter: AdminMeter): MeterForm =>
  addForm(messages.addPointTo(meter.Name), `addpoint/${meter.DeviceId}`, [
    name(),
    unit(),
    registerDigits(),
    countsUpOnly(),
  ]);

export const editPointForm = (point: AdminPoint): MeterForm =>
  changeForm(messages.editPoint(point.Name), `updatepoint/${point.DeviceItemId}`, [
    name(point.Name),
    unit(point.Unit),
    registerDigits(point.RegisterDigits),
    countsUpOnly(point.CountsUpOnly),
  ]);
