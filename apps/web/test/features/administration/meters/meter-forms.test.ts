import type { AdminLocation, AdminMeter, AdminPoint } from '@maaler/contract';
import { describe, expect, it } from 'vitest';
import {
  addLocationForm,
  addMeterForm,
  addPointForm,
  editLocationForm,
  editMeterForm,
  editPointForm,
  type MeterForm,
} from '@/features/administration/meters/meter-forms';

const point: AdminPoint = {
  DeviceItemId: 31,
  Name: 'Volumen',
  Unit: 'm³',
  RegisterDigits: null,
  CountsUpOnly: false,
};
const meter: AdminMeter = {
  DeviceId: 21,
  Name: 'Hybenvej 3',
  Type: 'water',
  Manual: true,
  Serial: 'HYB-003',
  Status: 'active',
  RetiredAt: null,
  InstalledOn: '2024-05-01',
  ResidentName: 'Ida Berg',
  ResidentEmail: 'beboer3@eksempel.dk',
  ResidentPhone: '',
  Access: '',
  Placement: '',
  RadioId: null,
  Points: [point],
};
const location: AdminLocation = {
  GatewayId: 11,
  Name: 'Rækkehusene',
  Address: 'Hybenvej',
  Access: '',
  Placement: '',
  Meters: [meter],
};

/** The form's values as first shown, with `changes` typed over them. */
function typed(form: MeterForm, changes: Record<string, string> = {}): Record<string, string> {
  return { ...Object.fromEntries(form.fields.map((field) => [field.key, field.initial])), ...changes };
}

describe('the forms of Målere', () => {
  it('add a location with every field as typed', () => {
    const form = addLocationForm();
    expect(form.title).toBe('Tilføj lokation');
    expect(form.submit(typed(form, { Name: ' Vænget ', Address: 'Vej 1' }))).toEqual({
      write: { call: 'addlocation', body: { Name: ' Vænget ', Address: 'Vej 1' } },
      done: 'Vænget er tilføjet',
    });
  });

  it('change only what changed, and write nothing when nothing did', () => {
    const form = editLocationForm(location);
    expect(form.title).toBe('Ret lokationen Rækkehusene');
    expect(form.submit(typed(form))).toBeNull();
    expect(form.submit(typed(form, { Address: 'Hybenvej 2' }))).toEqual({
      write: { call: 'updatelocation/11', body: { Address: 'Hybenvej 2' } },
      done: 'Rækkehusene er gemt',
    });
    // Spaces around an unchanged value are no change.
    expect(form.submit(typed(form, { Name: ' Rækkehusene ' }))).toBeNull();
  });

  it('add a meter: serial trimmed, read by hand as a yes/no, no installation day as null', () => {
    const form = addMeterForm(location);
    expect(form.title).toBe('Tilføj måler på Rækkehusene');
    expect(form.fields.map((field) => [field.key, field.initial])).toEqual([
      ['Name', ''],
      ['SerialNumber', ''],
      ['Type', 'water'],
      ['Manual', '1'],
      ['InstalledOn', ''],
    ]);
    expect(form.fields.find((field) => field.key === 'Type')?.options).toEqual([
      ['heat', 'Varme'],
      ['water', 'Vand'],
      ['electricity', 'El'],
      ['gas', 'Gas'],
      ['other', 'Andet'],
    ]);
    expect(form.submit(typed(form, { Name: 'Måler 9', SerialNumber: ' S-9 ', Manual: '0' }))).toEqual({
      write: {
        call: 'addmeter/11',
        body: { Name: 'Måler 9', SerialNumber: 'S-9', Type: 'water', Manual: false, InstalledOn: null },
      },
      done: 'Måler 9 er tilføjet',
    });
  });

  it('change a meter, a cleared installation day sent as null', () => {
    const form = editMeterForm(meter);
    expect(typed(form)).toEqual({
      Name: 'Hybenvej 3',
      SerialNumber: 'HYB-003',
      InstalledOn: '2024-05-01',
      Access: '',
      Placement: '',
      Remote: '',
      RadioId: '',
      ResidentName: 'Ida Berg',
      ResidentEmail: 'beboer3@eksempel.dk',
      ResidentPhone: '',
    });
    expect(form.submit(typed(form, { InstalledOn: '' }))?.write).toEqual({
      call: 'updatemeter/21',
      body: { InstalledOn: null },
    });
  });

  it('change a meter to Fjernaflæst with a radio id, and back (issue 38)', () => {
    const form = editMeterForm(meter);
    expect(form.submit(typed(form, { Remote: '1', RadioId: '12345678' }))?.write).toEqual({
      call: 'updatemeter/21',
      body: { Remote: true, RadioId: '12345678' },
    });
    const remote = editMeterForm({ ...meter, RadioId: '12345678' });
    expect(typed(remote)).toMatchObject({ Remote: '1', RadioId: '12345678' });
    expect(remote.submit(typed(remote, { Remote: '' }))?.write).toEqual({
      call: 'updatemeter/21',
      body: { Remote: false },
    });
  });

  it('group the resident’s three fields under Beboer and send a cleared one as empty text', () => {
    const form = editMeterForm(meter);
    expect(
      form.fields.filter((field) => field.group === 'Beboer').map((field) => [field.label, field.kind]),
    ).toEqual([
      ['Beboer', 'text'],
      ['Beboer e-mail', 'email'],
      ['Beboer telefon', 'tel'],
    ]);
    expect(form.submit(typed(form, { ResidentEmail: '', ResidentPhone: '+45 11 22 33 44' }))?.write).toEqual({
      call: 'updatemeter/21',
      body: { ResidentEmail: '', ResidentPhone: '+45 11 22 33 44' },
    });
  });

  it('send the register digits as a number, empty as null, anything else as typed for the server to refuse', () => {
    const form = addPointForm(meter);
    const bodyWith = (digits: string, countsUpOnly: string) =>
      form.submit(
        typed(form, { Name: 'Energi', Unit: 'kWh', RegisterDigits: digits, CountsUpOnly: countsUpOnly }),
      )?.write.body;
    expect(bodyWith(' 5 ', '1')).toEqual({
      Name: 'Energi',
      Unit: 'kWh',
      RegisterDigits: 5,
      CountsUpOnly: true,
    });
    expect(bodyWith('', '')).toEqual({
      Name: 'Energi',
      Unit: 'kWh',
      RegisterDigits: null,
      CountsUpOnly: false,
    });
    expect(bodyWith('5a', '')).toMatchObject({ RegisterDigits: '5a' });
    expect(form.fields.find((field) => field.key === 'CountsUpOnly')?.kind).toBe('checkbox');
  });

  it('show a point’s settings as its fields and send only the changed ones', () => {
    const form = editPointForm({ ...point, RegisterDigits: 6, CountsUpOnly: true });
    expect(typed(form)).toEqual({ Name: 'Volumen', Unit: 'm³', RegisterDigits: '6', CountsUpOnly: '1' });
    expect(form.submit(typed(form, { CountsUpOnly: '' }))).toEqual({
      write: { call: 'updatepoint/31', body: { CountsUpOnly: false } },
      done: 'Volumen er gemt',
    });
  });

  it('edit Adgang and Placering of a location and a meter, a cleared one sent as empty text (issue 37)', () => {
    const form = editLocationForm({ ...location, Access: 'Nøgle hos viceværten' });
    expect(form.fields.map((field) => field.label)).toEqual(['Navn', 'Adresse', 'Adgang', 'Placering']);
    expect(form.submit(typed(form, { Access: '', Placement: 'Kælder, bag trappen' }))?.write).toEqual({
      call: 'updatelocation/11',
      body: { Access: '', Placement: 'Kælder, bag trappen' },
    });
    const meterForm = editMeterForm(meter);
    expect(meterForm.submit(typed(meterForm, { Placement: 'Bag trappen' }))?.write).toEqual({
      call: 'updatemeter/21',
      body: { Placement: 'Bag trappen' },
    });
  });
});
