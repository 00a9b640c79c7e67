import type { ColumnType, Generated } from 'kysely';
import type { NullUntilSet, WithDefault } from './column-types.ts';

/** Locations (gateways), meters (devices), measurement points (device items) and meter changes. */

export interface GatewaysTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  address: string;
  /** Place in the route (lower first); null: after those with one, by name. */
  sequence: number | null;
  /** `Adgang` and `Placering` (issue 37): how to get in and where the meters are; null when not known. */
  access_note: NullUntilSet<string>;
  placement: NullUntilSet<string>;
}

export interface DevicesTable {
  id: Generated<number>;
  gateway_id: number;
  name: string;
  /** heat | water | electricity | gas | other */
  type: string;
  /** 1: read by hand, 0: read automatically. */
  manual: number;
  /**
   * As printed on the meter; '' when unknown. Unique within the customer, ignoring case, retired
   * meters included: the index devices_customer_serial_idx on (customer_id, lower(serial_number)).
   */
  serial_number: string;
  /** The meter's customer, for the unique serial number; set by the devices_customer trigger on insert. */
  customer_id: ColumnType<string, never, never>;
  /** Place in its location's route (lower first); null: after those with one, by name. */
  sequence: number | null;
  /** When a meter change (ADR 019) replaced it: it keeps its history, takes no new readings; null while in use. */
  retired_at: NullUntilSet<string>;
  /** `YYYY-MM-DD` it was put in place (ADR 020): no reading before; null when not known. */
  installed_on: NullUntilSet<string>;
  /** `YYYY-MM-DD` it was added to the system; null for meters added before that was kept. */
  added_on: NullUntilSet<string>;
  /** `Adgang` and `Placering` (issue 37) of this meter; null when not known. */
  access_note: NullUntilSet<string>;
  placement: NullUntilSet<string>;
  /** `Fjernaflæst` (issue 38, ADR 050): the radio id its telegrams carry; null for a meter read by hand only. */
  radio_id: NullUntilSet<string>;
}

/**
 * The current resident of a meter's place (issue 35, ADR 039): personal data, for role 1 only. One row
 * per meter; '' where a field is not known. Moves to the new meter on a meter change.
 */
export interface MeterResidentsTable {
  device_id: number;
  name: string;
  email: string;
  phone: string;
}

/** A meter replaced by a new one on a day (ADR 019); the final and start readings are readings of that day. */
export interface MeterChangesTable {
  id: Generated<number>;
  old_device_id: number;
  new_device_id: number;
  /** `YYYY-MM-DD`: the date of the old meter's final and the new meter's start reading. */
  changed_on: string;
  created_by: string;
  created_at: string;
}

/** Which point of the new meter continues which point of the old one. */
export interface MeterChangeItemsTable {
  meter_change_id: number;
  old_item_id: number;
  new_item_id: number;
}

export interface DeviceItemsTable {
  id: Generated<number>;
  device_id: number;
  name: string;
  unit: string;
  /** Integer digits of the register (ADR 020); null when not declared. */
  register_digits: NullUntilSet<number>;
  /** 1: declared as never resetting, only counting up (ADR 020); 0: not declared. */
  counts_up_only: WithDefault<number>;
}
