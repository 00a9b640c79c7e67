import { z } from 'zod/mini';
import { AccountDetail, AccountListItem } from './account.ts';
import { Customer } from './customer.ts';
import { Device, DeviceItem, Gateway } from './gateway.ts';
import { optionalFields } from './optional-fields.ts';
import { ReadingStatus, StatusDevice, StatusGateway, StatusPoint } from './reading-status.ts';
import { HistoryEntry } from './readings.ts';

// What a client may rely on in the answers: exactly what api-contract.md guarantees, so that the app
// works with any server that follows it (ADR 012). Derived from the strict schemas our server sends
// and documents, with our additions made optional and guids taken as opaque ids. Only clients parse
// with these; the server keeps answering with the strict ones.

/** An id the app only passes back (customer, account, user): any non-empty string, not only a UUID. */
export const OpaqueId = z.string().check(z.minLength(1));
export type OpaqueId = z.infer<typeof OpaqueId>;

/** A measurement point; `Unit`, `Expected` and the register's settings are ours. */
export const GuaranteedDeviceItem = z.extend(
  DeviceItem,
  optionalFields(DeviceItem.shape, ['Unit', 'Expected', 'RegisterDigits', 'CountsUpOnly']),
);
export type GuaranteedDeviceItem = z.infer<typeof GuaranteedDeviceItem>;

/** A meter; `Type`, `Manual`, `InstalledOn` and `Serial` are ours. */
export const GuaranteedDevice = z.extend(Device, {
  ...optionalFields(Device.shape, ['Type', 'Manual', 'InstalledOn', 'Serial']),
  DeviceItemList: z.array(GuaranteedDeviceItem),
});
export type GuaranteedDevice = z.infer<typeof GuaranteedDevice>;

export const GuaranteedGateway = z.extend(Gateway, { DeviceList: z.array(GuaranteedDevice) });
export type GuaranteedGateway = z.infer<typeof GuaranteedGateway>;

/** GET /api/gateway/loadlistsimple/{accountId}. */
export const GuaranteedGatewayTree = z.array(GuaranteedGateway);
export type GuaranteedGatewayTree = z.infer<typeof GuaranteedGatewayTree>;

/** A point of the route; the contract names its status, last reading, expected range and skip reason. */
export const GuaranteedStatusPoint = z.extend(
  StatusPoint,
  optionalFields(StatusPoint.shape, ['Unit', 'RegisterDigits', 'CountsUpOnly', 'SkipNote']),
);
export type GuaranteedStatusPoint = z.infer<typeof GuaranteedStatusPoint>;

/** A meter of the route; `Serial` is ours. */
export const GuaranteedStatusDevice = z.extend(StatusDevice, {
  ...optionalFields(StatusDevice.shape, ['Serial']),
  DeviceItemList: z.array(GuaranteedStatusPoint),
});
export type GuaranteedStatusDevice = z.infer<typeof GuaranteedStatusDevice>;

/** GET /api/gateway/readingstatus/{accountId}. */
export const GuaranteedReadingStatus = z.extend(ReadingStatus, {
  gateways: z.array(z.extend(StatusGateway, { DeviceList: z.array(GuaranteedStatusDevice) })),
});
export type GuaranteedReadingStatus = z.infer<typeof GuaranteedReadingStatus>;

/** A history entry; `PlausibilityOverride`, `Corrections`, `Source` and `EnteredAt` are ours. */
export const GuaranteedHistoryEntry = z.extend(
  HistoryEntry,
  optionalFields(HistoryEntry.shape, ['PlausibilityOverride', 'Corrections', 'Source', 'EnteredAt']),
);
export type GuaranteedHistoryEntry = z.infer<typeof GuaranteedHistoryEntry>;

/** POST /api/gateway/loaddeviceitemhistorylist/{accountId}, newest date first. */
export const GuaranteedHistoryList = z.array(GuaranteedHistoryEntry);
export type GuaranteedHistoryList = z.infer<typeof GuaranteedHistoryList>;

export const GuaranteedAccountListItem = z.extend(AccountListItem, { guid: OpaqueId });
export type GuaranteedAccountListItem = z.infer<typeof GuaranteedAccountListItem>;

export const GuaranteedAccountList = z.array(GuaranteedAccountListItem);
export type GuaranteedAccountList = z.infer<typeof GuaranteedAccountList>;

export const GuaranteedAccountDetail = z.extend(AccountDetail, { Guid: OpaqueId, CustomerId: OpaqueId });
export type GuaranteedAccountDetail = z.infer<typeof GuaranteedAccountDetail>;

export const GuaranteedCustomer = z.extend(Customer, { guid: OpaqueId });
export type GuaranteedCustomer = z.infer<typeof GuaranteedCustomer>;

export const GuaranteedCustomerList = z.array(GuaranteedCustomer);
export type GuaranteedCustomerList = z.infer<typeof GuaranteedCustomerList>;
