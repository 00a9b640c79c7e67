import { z } from 'zod/mini';
import { OutboxStatus } from './mail.ts';
import { ReadingSource } from './readings.ts';

// Issue 39 (ADR 040): `Mine data`, everything the app keeps about the signed-in person, for them to
// download. Own file, so no screen but `Mine data` loads it.

/** GET /api/user/mydata's file name without its extension; the CSV of readings adds `-aflaesninger`. */
export const MY_DATA_FILE_NAME = 'mine-data';

/** Where a reading sits, as names (ids only where the person's own rows are meant). */
const MeterPlace = {
  account: z.string(),
  location: z.string(),
  meter: z.string(),
  serial: z.string(),
  point: z.string(),
  unit: z.string(),
};

export const MyDataProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.nullable(z.int()),
  customers: z.array(z.object({ id: z.string(), name: z.string() })),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), customer: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyDataProfile = z.infer<typeof MyDataProfile>;

/** A reading the person registered (the current value's) or approved on `Til kontrol`. */
export const MyDataReading = z.object({
  id: z.int(),
  ...MeterPlace,
  date: z.string(),
  /** Canonical decimal text with a dot, as stored. */
  value: z.string(),
  source: ReadingSource,
  /** When an offline reading was typed on the device; null for other sources. */
  enteredAt: z.nullable(z.string()),
  registeredByYou: z.boolean(),
  registeredAt: z.string(),
  /** When the person approved it; null when they did not. */
  approvedByYouAt: z.nullable(z.string()),
});
export type MyDataReading = z.infer<typeof MyDataReading>;

/** A change of a reading's value the person made (its audit row); the reading's first value is not one. */
export const MyDataCorrection = z.object({
  readingId: z.int(),
  ...MeterPlace,
  date: z.string(),
  oldValue: z.string(),
  newValue: z.string(),
  source: ReadingSource,
  changedAt: z.string(),
});
export type MyDataCorrection = z.infer<typeof MyDataCorrection>;

/** A meter the person recorded as not read (`Spring over`), with the reason and their note. */
export const MyDataSkip = z.object({
  id: z.int(),
  account: z.string(),
  location: z.string(),
  meter: z.string(),
  serial: z.string(),
  reason: z.string(),
  note: z.nullable(z.string()),
  skippedOn: z.string(),
  createdAt: z.string(),
});
export type MyDataSkip = z.infer<typeof MyDataSkip>;

/** An estimate the person made that a real reading later replaced (ADR 021). */
export const MyDataReplacedEstimate = z.object({
  ...MeterPlace,
  date: z.string(),
  value: z.string(),
  estimatedAt: z.string(),
  replacedAt: z.string(),
});
export type MyDataReplacedEstimate = z.infer<typeof MyDataReplacedEstimate>;

/** A `Kontrol` reading the person registered (ADR 049), kept beside the readings. */
export const MyDataControlReading = z.object({
  ...MeterPlace,
  date: z.string(),
  /** Canonical decimal text with a dot, as stored. */
  value: z.string(),
  source: ReadingSource,
  enteredAt: z.nullable(z.string()),
  registeredAt: z.string(),
});
export type MyDataControlReading = z.infer<typeof MyDataControlReading>;

/** A device kept for offline sign-in (ADR 034); the secret is never part of it. */
export const MyDataDeviceCredential = z.object({
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type MyDataDeviceCredential = z.infer<typeof MyDataDeviceCredential>;

/** An e-mail to the person's address (ADR 037): what and when, never its links. */
export const MyDataEmail = z.object({
  subject: z.string(),
  status: OutboxStatus,
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type MyDataEmail = z.infer<typeof MyDataEmail>;

/** A security or bulk event done by the person or about them (the office's `Log`, ADR 041). */
export const MyDataEvent = z.object({
  at: z.string(),
  event: z.string(),
  label: z.string(),
  doneByYou: z.boolean(),
  /** Small JSON: counts, kinds, file names; never a password, token or hash. */
  details: z.string(),
});
export type MyDataEvent = z.infer<typeof MyDataEvent>;

/** A photo the person uploaded (issue 36); the image itself is shown in the app, not in this file. */
export const MyDataPhoto = z.object({
  id: z.string(),
  account: z.string(),
  uploadedAt: z.string(),
  width: z.int(),
  height: z.int(),
  /** Bytes of the stored JPEG. */
  size: z.int(),
});
export type MyDataPhoto = z.infer<typeof MyDataPhoto>;

/** A `Bemærkning` the person wrote on a reading (issue 36). */
export const MyDataNote = z.object({
  readingId: z.int(),
  ...MeterPlace,
  date: z.string(),
  note: z.string(),
  writtenAt: z.string(),
});
export type MyDataNote = z.infer<typeof MyDataNote>;

/** GET /api/user/mydata: everything the app keeps about the signed-in person. */
export const MyData = z.object({
  exportedAt: z.string(),
  profile: MyDataProfile,
  readings: z.array(MyDataReading),
  corrections: z.array(MyDataCorrection),
  skips: z.array(MyDataSkip),
  replacedEstimates: z.array(MyDataReplacedEstimate),
  /** Ours (ADR 049); absent from a server that predates control readings. */
  controlReadings: z.optional(z.array(MyDataControlReading)),
  deviceCredentials: z.array(MyDataDeviceCredential),
  emails: z.array(MyDataEmail),
  securityEvents: z.array(MyDataEvent),
  photos: z.array(MyDataPhoto),
  notes: z.array(MyDataNote),
});
export type MyData = z.infer<typeof MyData>;

export const MyDataQuery = z.object({ format: z.optional(z.enum(['json', 'csv'])) });
export type MyDataQuery = z.infer<typeof MyDataQuery>;
