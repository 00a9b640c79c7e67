import { type AdminLocation, type AdminMeter, type AdminPoint, DEVICE_TYPES } from '@maaler/contract';
import type { MeterWrite } from './api/meters';
import { meterAdministrationMessages as messages } from './messages';

export type FormField = {
  key: string;
  label: string;
  initial: string;
  options?: readonly (readonly [string, string])[];
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
const TYPE_OPTIONS = DEVICE_TYPES.map((type) => [type, messages.types[type]] as const);

/** A form that adds: every field is sent as typed (or as `toBody` makes it). */
function addForm(
  title: string,
  call: string,
  fields: FormField[],
  toBody: (values: FormValues) => object = (values) =>
    Object.fromEntries(fields.map(({ key }) => [key, values[key]])),
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
          .map(({ key }) => [key, values[key]]),
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
    ],
    (values) => ({
      Name: values.Name,
      SerialNumber: values.SerialNumber?.trim(),
      Type: values.Type,
      Manual: values.Manual === '1',
    }),
  );

export const editMeterForm = (meter: AdminMeter): MeterForm =>
  changeForm(messages.editMeter(meter.Name), `updatemeter/${meter.DeviceId}`, [
    name(meter.Name),
    serial(meter.Serial),
  ]);

export const addPointForm = (meter: AdminMeter): MeterForm =>
  addForm(messages.addPointTo(meter.Name), `addpoint/${meter.DeviceId}`, [name(), unit()]);

export const editPointForm = (point: AdminPoint): MeterForm =>
  changeForm(messages.editPoint(point.Name), `updatepoint/${point.DeviceItemId}`, [
    name(point.Name),
    unit(point.Unit),
  ]);
