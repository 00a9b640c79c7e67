import { z } from 'zod';
import { AccountDetail, AccountListItem } from './account.ts';
import { Customer } from './customer.ts';
import { Device, DeviceItem, Gateway } from './gateway.ts';
import { ReadingStatus, StatusDevice, StatusGateway, StatusPoint } from './reading-status.ts';
import { HistoryEntry } from './readings.ts';

// What a client may rely on in the answers: exactly what api-contract.md guarantees, so that the app
// works with any server that follows it (ADR 012). Derived from the strict schemas our server sends
// and documents, with our additions made optional and guids taken as opaque ids. Only clients parse
// with these; the server keeps answering with the strict ones.

/** An id the app only passes back (customer, account, user): any non-empty string, not only a UUID. */
export const OpaqueId = z.string().min(1);
export type OpaqueId = z.infer<typeof OpaqueId>;

/** A measurement point; `Unit`, `Expected` and the register's settings are ours. */
export const GuaranteedDeviceItem = DeviceItem.extend({
  Unit: DeviceItem.shape.Unit.optional(),
  Expected: DeviceItem.shape.Expected.optional(),
  RegisterDigits: DeviceItem.shape.RegisterDigits.optional(),
  CountsUpOnly: DeviceItem.shape.CountsUpOnly.optional(),
});
export type GuaranteedDeviceItem = z.infer<typeof GuaranteedDeviceItem>;

/** A meter; `Type`, `Manual` and `InstalledOn` are ours. */
export const GuaranteedDevice = Device.extend({
  Type: Device.shape.Type.optional(),
  Manual: Device.shape.Manual.optional(),
  InstalledOn: Device.shape.InstalledOn.optional(),
  DeviceItemList: z.array(GuaranteedDeviceItem),
});
export type GuaranteedDevice = z.infer<typeof GuaranteedDevice>;

export const GuaranteedGateway = Gateway.extend({ DeviceList: z.array(GuaranteedDevice) });
export type GuaranteedGateway = z.infer<typeof GuaranteedGateway>;

/** GET /api/gateway/loadlistsimple/{accountId}. */
export const GuaranteedGatewayTree = z.array(GuaranteedGateway);
export type GuaranteedGatewayTree = z.infer<typeof GuaranteedGatewayTree>;

/** A point of the route; the contract names its status, last reading, expected range and skip reason. */
export const GuaranteedStatusPoint = StatusPoint.extend({
  Unit: StatusPoint.shape.Unit.optional(),
  RegisterDigits: StatusPoint.shape.RegisterDigits.optional(),
  CountsUpOnly: StatusPoint.shape.CountsUpOnly.optional(),
  SkipNote: StatusPoint.shape.SkipNote.optional(),
});
export type GuaranteedStatusPoint = z.infer<typeof GuaranteedStatusPoint>;

/** A meter of the route; `Serial` is ours. */
export const GuaranteedStatusDevice = StatusDevice.extend({
  Serial: StatusDevice.shape.Serial.optional(),
  DeviceItemList: z.array(GuaranteedStatusPoint),
});
export type GuaranteedStatusDevice = z.infer<typeof GuaranteedStatusDevice>;

/** GET /api/gateway/readingstatus/{accountId}. */
export const GuaranteedReadingStatus = ReadingStatus.extend({
  gateways: z.array(StatusGateway.extend({ DeviceList: z.array(GuaranteedStatusDevice) })),
});
export type GuaranteedReadingStatus = z.infer<typeof GuaranteedReadingStatus>;

/** A history entry; `PlausibilityOverride`, `Corrections`, `Source` and `EnteredAt` are ours. */
export const GuaranteedHistoryEntry = HistoryEntry.extend({
  PlausibilityOverride: HistoryEntry.shape.PlausibilityOverride.optional(),
  Corrections: HistoryEntry.shape.Corrections.optional(),
  Source: HistoryEntry.shape.Source.optional(),
  EnteredAt: HistoryEntry.shape.EnteredAt.optional(),
});
export type GuaranteedHistoryEntry = z.infer<typeof GuaranteedHistoryEntry>;

/** POST /api/gateway/loaddeviceitemhistorylist/{accountId}, newest date first. */
export const GuaranteedHistoryList = z.array(GuaranteedHistoryEntry);
export type GuaranteedHistoryList = z.infer<typeof GuaranteedHistoryList>;

export const GuaranteedAccountListItem = AccountListItem.extend({ guid: OpaqueId });
export type GuaranteedAccountListItem = z.infer<typeof GuaranteedAccountListItem>;

export const GuaranteedAccountList = z.array(GuaranteedAccountListItem);
export type GuaranteedAccountList = z.infer<typeof GuaranteedAccountList>;

export const GuaranteedAccountDetail = AccountDetail.extend({ Guid: OpaqueId, CustomerId: OpaqueId });
export type GuaranteedAccountDetail = z.infer<typeof GuaranteedAccountDetail>;

export const GuaranteedCustomer = Customer.extend({ guid: OpaqueId });
export type GuaranteedCustomer = z.infer<typeof GuaranteedCustomer>;

export const GuaranteedCustomerList = z.array(GuaranteedCustomer);
export type GuaranteedCustomerList = z.infer<typeof GuaranteedCustomerList>;
