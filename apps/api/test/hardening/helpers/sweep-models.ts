import {
  AccessNoteField,
  AccountSettingDeleteRequest,
  AccountSettingRequest,
  AddLocationRequest,
  AddMeterRequest,
  AddPointRequest,
  AddressField,
  ApproveControlsRequest,
  ApproveRequest,
  AssignReaderRequest,
  AssignTaskRequest,
  ChangePasswordRequest,
  CloseTaskRequest,
  CommentTaskRequest,
  CorrectRequest,
  CreateApiKeyRequest,
  CreateEstimatesRequest,
  CreateUserRequest,
  CustomerListRequest,
  CustomerSaveRequest,
  EditUserRequest,
  EmailField,
  ExchangeDeviceCredentialRequest,
  ForgotPasswordRequest,
  HistoryRequest,
  ImportFormat,
  ImportRequest,
  InstalledOn,
  IssueSelfReadingLinkRequest,
  LoginRequest,
  MAX_DEVICE_CREDENTIAL_LENGTH,
  MeterChangeRequest,
  MoveRequest,
  NameField,
  NamePasswordSaveRequest,
  PASSWORD_PATTERN,
  PlacementField,
  ReadingBatch,
  RegisterDigits,
  SaveCurrentUserRequest,
  SelfReadingRequest,
  SerialNumber,
  SetPasswordRequest,
  SKIP_REASONS,
  SkipReadingRequest,
  Unit,
  UpdateLocationRequest,
  UpdateMeterRequest,
  UpdatePointRequest,
} from '@maaler/contract';
import fc from 'fast-check';
import type { z } from 'zod/mini';
import {
  anyValue,
  badPathSegment,
  badPositiveInt,
  badRequiredText,
  badUuid,
  NASTY_STRINGS,
} from './bad-values.ts';

/** The ids of one administrator's own data, so that only the corrupted part of a request is wrong. */
export type SweepIds = {
  accountId: string;
  customerId: string;
  /** A user the administrator manages. */
  userId: string;
  gatewayId: number;
  deviceId: number;
  deviceItemId: number;
  adminName: string;
  adminEmail: string;
  /** A reading date the server accepts ("today" is fixed by the test clock). */
  dateRecord: string;
  /** The serial number of the meter `deviceId`. */
  serial: string;
};

/**
 * How a route says no: `{Message}`; readings, and a photo upload whose body is no image, also
 * `406 {validationError}`; password rules `200 {Success:false}`.
 */
export type Refusal = 'message' | 'readings' | 'photo' | 'password-rule';

export type FieldSpec = { bad: fc.Arbitrary<unknown>; required: boolean };

export type BodyModel = {
  schema: z.ZodMiniType;
  /** A body the route accepts. */
  template: unknown;
  /** Bad values per field of the object (of each array item for an array body). */
  fields: Record<string, FieldSpec>;
  /** Bad replacements of the body as a whole, beyond arbitrary JSON. */
  wholeBody?: fc.Arbitrary<unknown>;
};

export type RouteModel = { refusal: Refusal; body?: BodyModel };

const required = (bad: fc.Arbitrary<unknown>): FieldSpec => ({ bad, required: true });
const optional = (bad: fc.Arbitrary<unknown>): FieldSpec => ({ bad, required: false });

const badEmail = fc
  .oneof(anyValue, fc.constantFrom('a@', '@b.dk', 'a b@c.dk', `${'x'.repeat(250)}@eksempel.dk`))
  .filter((v) => !EmailField.safeParse(v).success);
const badNewPassword = fc
  .oneof(anyValue, fc.constantFrom('kort', 'æøåæøåæø', 'with space 1', 'x'.repeat(129)))
  .filter((v) => typeof v !== 'string' || !PASSWORD_PATTERN.test(v) || v.length > 128);
const badBoolean = anyValue.filter((v) => typeof v !== 'boolean');

const GOOD_PASSWORD = 'Nyt_kodeord_123';

/** Values the field's schema refuses (so a corrupted body can never pass and write). */
const badFor = (schema: z.ZodMiniType, ...extra: unknown[]) =>
  fc
    .oneof(anyValue, fc.constantFrom('', '   ', 'x'.repeat(201), 'a\u202eb', ...extra))
    .filter((v) => !schema.safeParse(v).success);

/** The meter administration's writes (ADR 016, "Målere"); every refusal is a 4xx `{Message}`. */
function meterAdminModels(): Record<string, RouteModel> {
  const model = (
    schema: z.ZodMiniType,
    template: Record<string, unknown>,
    fields: Record<string, FieldSpec>,
  ) => ({
    refusal: 'message' as const,
    body: { schema, template, fields },
  });
  const name = required(badFor(NameField));
  // The register's settings (ADR 020).
  const installedOn = badFor(InstalledOn, '2026-13-01', '2022-01-31', '01-11-2026', 20261101);
  const register = {
    RegisterDigits: optional(badFor(RegisterDigits, 0, 13, 5.5, -1, '5')),
    CountsUpOnly: optional(badBoolean),
  };
  // `Adgang` and `Placering` (issue 37).
  const fieldNotes = {
    Access: optional(badFor(AccessNoteField, 'x'.repeat(301))),
    Placement: optional(badFor(PlacementField, 'x'.repeat(301))),
  };
  const direction = model(
    MoveRequest,
    { Direction: 'up' },
    { Direction: required(badFor(MoveRequest.shape.Direction, 'Up', 'op')) },
  );
  return {
    'POST /api/admin/meters/addlocation/:accountId': model(
      AddLocationRequest,
      { Name: 'Sweep', Address: 'Vej 1' },
      { Name: name, Address: optional(badFor(AddressField)) },
    ),
    'POST /api/admin/meters/updatelocation/:gatewayId/:accountId': model(
      UpdateLocationRequest,
      { Name: 'Sweep' },
      { Name: required(badFor(NameField)), ...fieldNotes },
    ),
    'POST /api/admin/meters/movelocation/:gatewayId/:accountId': direction,
    'POST /api/admin/meters/addmeter/:gatewayId/:accountId': model(
      AddMeterRequest,
      { Name: 'Sweep', Type: 'water', Manual: true, SerialNumber: 'SWEEP-ADD-1' },
      {
        Name: name,
        Type: required(badFor(AddMeterRequest.shape.Type, 'Water', 'steam')),
        Manual: optional(badBoolean),
        InstalledOn: optional(installedOn),
        SerialNumber: optional(badFor(AddMeterRequest.shape.SerialNumber, 'x'.repeat(65), 'a\u0007b')),
      },
    ),
    'POST /api/admin/meters/updatemeter/:deviceId/:accountId': model(
      UpdateMeterRequest,
      { Name: 'Sweep', SerialNumber: 'SWEEP-UPD-1' },
      {
        Name: optional(badFor(NameField)),
        SerialNumber: optional(badFor(SerialNumber, 'x'.repeat(65))),
        InstalledOn: optional(installedOn),
        ...fieldNotes,
      },
    ),
    'POST /api/admin/meters/movemeter/:deviceId/:accountId': direction,
    // No body: only the path can be bad.
    'POST /api/admin/meters/retiremeter/:deviceId/:accountId': { refusal: 'message' },
    'POST /api/admin/meters/addpoint/:deviceId/:accountId': model(
      AddPointRequest,
      { Name: 'Sweep', Unit: 'm³' },
      { Name: name, Unit: required(badFor(Unit)), ...register },
    ),
    // Tasks (issue 37): the texts are required, the assignee a uuid or null.
    'POST /api/admin/tasks/assign/:taskId/:accountId': model(
      AssignTaskRequest,
      { UserId: null },
      { UserId: required(badFor(AssignTaskRequest.shape.UserId, 'admin')) },
    ),
    'POST /api/admin/tasks/comment/:taskId/:accountId': model(
      CommentTaskRequest,
      { Text: 'Sweep' },
      { Text: required(badFor(CommentTaskRequest.shape.Text, 'x'.repeat(2001))) },
    ),
    'POST /api/admin/tasks/close/:taskId/:accountId': model(
      CloseTaskRequest,
      { Note: 'Sweep' },
      { Note: required(badFor(CloseTaskRequest.shape.Note, 'x'.repeat(2001))) },
    ),
    'POST /api/admin/meters/updatepoint/:deviceItemId/:accountId': model(
      UpdatePointRequest,
      { Name: 'Sweep', Unit: 'MWh' },
      { Name: optional(badFor(NameField)), Unit: optional(badFor(Unit)), ...register },
    ),
  };
}

/** Bad values of a reading's date or value: the schema takes short strings, the rules refuse them (406). */
const badReadingText = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  anyValue.filter((v) => typeof v !== 'string'),
);

/**
 * The bad-input model of every POST (and PUT) route, by "METHOD path". GET routes need none: their only input
 * is their path parameters (see PATH_PARAMETERS). A POST route without a model fails the sweep.
 */
export function postRouteModels(ids: SweepIds): Record<string, RouteModel> {
  const reading = {
    gatewayId: ids.gatewayId,
    deviceId: ids.deviceId,
    deviceItemId: ids.deviceItemId,
    dateRecord: ids.dateRecord,
    value: '123,5',
  };
  return {
    ...meterAdminModels(),
    // The body is raw image bytes, not JSON (issue 36): no JSON model; a body that is no image is 406.
    'PUT /api/photos/:accountId/:photoId': { refusal: 'photo' },
    // The resident's photo through the link (issue 36): raw image bytes as well; a bad token is the link's 404.
    'PUT /api/selfreading/photo/:photoId': { refusal: 'photo' },
    'POST /api/authenticate/userauthenticate/v2': {
      refusal: 'message',
      body: {
        schema: LoginRequest,
        template: { email: ids.adminEmail, password: 'demo1234', rememberme: false, area: 9 },
        fields: {
          email: required(badEmail),
          password: required(
            fc
              .oneof(anyValue, fc.constant('x'.repeat(129)))
              .filter((v) => typeof v !== 'string' || v === '' || v.length > 128),
          ),
          rememberme: optional(badBoolean),
          area: required(anyValue.filter((v) => v !== 9)),
        },
      },
    },
    // These take no body: only malformed requests and bad tokens are bad input.
    'POST /api/authenticate/refreshtoken': { refusal: 'message' },
    'POST /api/authenticate/logout': { refusal: 'message' },
    'POST /api/authenticate/devicecredential': { refusal: 'message' },
    // Any text within the bound passes the schema (and is refused as a credential, 401).
    'POST /api/authenticate/exchangedevicecredential': {
      refusal: 'message',
      body: {
        schema: ExchangeDeviceCredentialRequest,
        template: { credential: 'x' },
        fields: {
          credential: required(
            fc
              .oneof(anyValue, fc.constant('x'.repeat(MAX_DEVICE_CREDENTIAL_LENGTH + 1)))
              .filter((v) => typeof v !== 'string' || v.length > MAX_DEVICE_CREDENTIAL_LENGTH),
          ),
        },
      },
    },
    'POST /api/account/settingsave': {
      refusal: 'message',
      body: {
        schema: AccountSettingRequest,
        template: { accountid: ids.accountId, key: 'probe', value: 'x' },
        fields: {
          accountid: required(badUuid),
          key: required(
            fc
              .oneof(anyValue, fc.constantFrom('a b', 'æ', 'x'.repeat(65)))
              .filter((v) => typeof v !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(v.trim())),
          ),
          value: required(
            fc.oneof(
              anyValue.filter((v) => typeof v !== 'string'),
              fc.constant('x'.repeat(2001)),
            ),
          ),
        },
      },
    },
    'POST /api/account/settingdelete': {
      refusal: 'message',
      body: {
        schema: AccountSettingDeleteRequest,
        template: { accountid: ids.accountId, key: 'probe' },
        fields: {
          accountid: required(badUuid),
          key: required(
            fc
              .oneof(anyValue, fc.constantFrom('a b', 'æ', 'x'.repeat(65)))
              .filter((v) => typeof v !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(v.trim())),
          ),
        },
      },
    },
    'POST /api/customer/loadlistbyid': {
      refusal: 'message',
      body: {
        schema: CustomerListRequest,
        template: ids.customerId,
        fields: {},
        wholeBody: fc
          .oneof(
            anyValue,
            fc.constant(`${ids.customerId},not-a-guid`),
            fc.constant(`${ids.customerId},`.repeat(1100)),
          )
          .filter((v) => !CustomerListRequest.safeParse(v).success),
      },
    },
    'POST /api/customer/savebyaccount/:accountId': {
      refusal: 'message',
      body: {
        schema: CustomerSaveRequest,
        template: { name: 'Navn', address: 'Vej 1', postal: '8000', town: 'Aarhus C' },
        fields: {
          name: required(badRequiredText(200)),
          address: required(badRequiredText(200)),
          postal: required(badRequiredText(200)),
          town: required(badRequiredText(200)),
        },
      },
    },
    'POST /api/user/savecurrent': {
      refusal: 'message',
      body: {
        schema: SaveCurrentUserRequest,
        template: { name: ids.adminName, email: ids.adminEmail, accountId: ids.accountId },
        fields: {
          name: required(badRequiredText(200)),
          email: required(badEmail),
          accountId: required(badUuid),
        },
      },
    },
    'POST /api/authenticate/forgotpassword': {
      refusal: 'message',
      body: {
        schema: ForgotPasswordRequest,
        template: { email: 'findes.ikke@eksempel.dk' },
        fields: { email: required(badEmail) },
      },
    },
    // A bad value is the readings' 406; a bad token or point the link's one 404 (ADR 039).
    'POST /api/selfreading/reading': {
      refusal: 'readings',
      body: {
        schema: SelfReadingRequest,
        template: { token: 'x', values: [{ deviceItemId: ids.deviceItemId, value: '1' }] },
        fields: {
          token: required(anyValue.filter((v) => typeof v !== 'string' || v === '' || v.length > 200)),
          values: required(
            fc
              .oneof(anyValue, fc.constant([]), fc.array(anyValue, { minLength: 1, maxLength: 3 }))
              .filter((v) => !SelfReadingRequest.safeParse({ token: 'x', values: v }).success),
          ),
        },
      },
    },
    'POST /api/admin/selfreading/link/:deviceId/:accountId': {
      refusal: 'message',
      body: {
        schema: IssueSelfReadingLinkRequest,
        template: { recipientEmail: 'beboer@eksempel.dk' },
        fields: { recipientEmail: required(badEmail.filter((v) => v !== null)) },
      },
    },
    // A refused token or password is `Success: false` with the reason, as for changepassword.
    'POST /api/authenticate/setpassword': {
      refusal: 'password-rule',
      body: {
        schema: SetPasswordRequest,
        template: { token: 'x', password: GOOD_PASSWORD, passwordrepeat: GOOD_PASSWORD },
        fields: {
          token: required(anyValue.filter((v) => typeof v !== 'string' || v === '' || v.length > 200)),
          password: required(badNewPassword),
          passwordrepeat: required(anyValue.filter((v) => v !== GOOD_PASSWORD)),
        },
      },
    },
    'POST /api/user/changepassword': {
      refusal: 'password-rule',
      body: {
        schema: ChangePasswordRequest,
        template: { password: GOOD_PASSWORD, passwordrepeat: GOOD_PASSWORD },
        fields: {
          password: required(badNewPassword),
          passwordrepeat: required(anyValue.filter((v) => v !== GOOD_PASSWORD)),
        },
      },
    },
    'POST /api/user/namepasswordsave': {
      refusal: 'password-rule',
      body: {
        schema: NamePasswordSaveRequest,
        template: { name: 'Nyt Navn', password: GOOD_PASSWORD, passwordrepeat: GOOD_PASSWORD },
        fields: {
          name: required(badRequiredText(200)),
          password: required(badNewPassword),
          passwordrepeat: required(anyValue.filter((v) => v !== GOOD_PASSWORD)),
        },
      },
    },
    'POST /api/admin/import/:accountId/:kind': {
      refusal: 'message',
      body: {
        schema: ImportRequest,
        template: {
          format: 'csv',
          data: Buffer.from('Serienummer;Målepunkt;Dato;Værdi\r\n').toString('base64'),
        },
        fields: {
          format: required(anyValue.filter((v) => !ImportFormat.safeParse(v).success)),
          data: required(
            fc
              .oneof(anyValue, fc.constantFrom('ikke base64!', 'a'.repeat(6_000_000)))
              .filter((v) => !ImportRequest.shape.data.safeParse(v).success),
          ),
        },
      },
    },
    'POST /api/admin/review/approve/:accountId': {
      refusal: 'message',
      body: {
        schema: ApproveRequest,
        template: { readingIds: [1, 2] },
        fields: {
          readingIds: required(
            fc
              .oneof(anyValue, fc.constant([]), fc.array(badPositiveInt, { minLength: 1, maxLength: 3 }))
              .filter((v) => !ApproveRequest.safeParse({ readingIds: v }).success),
          ),
        },
        wholeBody: fc.constant({ readingIds: Array.from({ length: 1001 }, (_, i) => i + 1) }),
      },
    },
    'POST /api/admin/review/controls/approve/:accountId': {
      refusal: 'message',
      body: {
        schema: ApproveControlsRequest,
        template: { controlReadingIds: [1, 2] },
        fields: {
          controlReadingIds: required(
            fc
              .oneof(anyValue, fc.constant([]), fc.array(badPositiveInt, { minLength: 1, maxLength: 3 }))
              .filter((v) => !ApproveControlsRequest.safeParse({ controlReadingIds: v }).success),
          ),
        },
        wholeBody: fc.constant({ controlReadingIds: Array.from({ length: 1001 }, (_, i) => i + 1) }),
      },
    },
    'POST /api/admin/review/correct/:accountId': {
      refusal: 'message',
      body: {
        schema: CorrectRequest,
        template: { readingId: 1, value: '1,5' },
        fields: {
          readingId: required(badPositiveInt),
          value: required(anyValue.filter((v) => typeof v !== 'string')),
        },
      },
    },
    // A body the schema takes gets the business rules' 406 {validationError} (ADR 021).
    'POST /api/admin/estimates/:accountId': {
      refusal: 'readings',
      body: {
        schema: CreateEstimatesRequest,
        template: { date: '2026-10-15', deviceItemIds: [ids.deviceItemId] },
        fields: {
          date: required(
            fc
              .oneof(anyValue, fc.constantFrom('2026-13-01', '15-10-2026', '2026-02-30'))
              .filter((v) => !CreateEstimatesRequest.shape.date.safeParse(v).success),
          ),
          deviceItemIds: required(
            fc
              .oneof(anyValue, fc.constant([]), fc.array(badPositiveInt, { minLength: 1, maxLength: 3 }))
              .filter((v) => !CreateEstimatesRequest.shape.deviceItemIds.safeParse(v).success),
          ),
        },
        wholeBody: fc.constant({
          date: '2026-10-15',
          deviceItemIds: Array.from({ length: 1001 }, (_, i) => i + 1),
        }),
      },
    },
    'POST /api/admin/users': {
      refusal: 'message',
      body: {
        schema: CreateUserRequest,
        template: { name: 'Ny Bruger', email: 'ny-bruger@eksempel.dk', role: 2, accountIds: [ids.accountId] },
        fields: { ...userAdministrationFields(ids), email: required(badEmail) },
      },
    },
    'POST /api/admin/users/:id': {
      refusal: 'message',
      body: {
        schema: EditUserRequest,
        template: { name: 'Karen Kunde', role: 2, accountIds: [ids.accountId] },
        fields: userAdministrationFields(ids),
      },
    },
    // API keys (issue 38): a customer of the administrator and a name.
    'POST /api/admin/apikeys': {
      refusal: 'message',
      body: {
        schema: CreateApiKeyRequest,
        template: { customerId: ids.customerId, name: 'Sweep' },
        fields: {
          customerId: required(badUuid),
          name: required(badFor(CreateApiKeyRequest.shape.name, 'x'.repeat(61))),
        },
      },
    },
    // No body: only a bad key id, malformed requests and bad tokens are bad input.
    'POST /api/admin/apikeys/revoke/:keyId': { refusal: 'message' },
    // These take no body: only a bad user id, malformed requests and bad tokens are bad input.
    'POST /api/admin/users/:id/disable': { refusal: 'message' },
    'POST /api/admin/users/:id/enable': { refusal: 'message' },
    'POST /api/admin/users/:id/unlock': { refusal: 'message' },
    'POST /api/admin/selfreading/invitations/:accountId': { refusal: 'message' },
    'POST /api/admin/selfreading/letters/:accountId': { refusal: 'message' },
    'POST /api/admin/selfreading/card/:deviceId/:accountId': { refusal: 'message' },
    // `Tildel aflæser` (issue 37, ADR 048): a location, an optional meter, a reader's uuid or null, a day.
    'POST /api/admin/routeassignments/:accountId': {
      refusal: 'message',
      body: {
        schema: AssignReaderRequest,
        template: { GatewayId: ids.gatewayId, DeviceId: ids.deviceId, ReaderId: null },
        fields: {
          GatewayId: required(badPositiveInt),
          DeviceId: optional(badPositiveInt),
          ReaderId: required(badFor(AssignReaderRequest.shape.ReaderId, 'tekniker')),
          date: optional(badFor(AssignReaderRequest.shape.date, '2026-13-01', '01-11-2026')),
        },
      },
    },
    'POST /api/gateway/loaddeviceitemhistorylist/:accountId': {
      refusal: 'message',
      body: {
        schema: HistoryRequest,
        template: { gatewayId: ids.gatewayId, deviceId: ids.deviceId },
        fields: {
          gatewayId: required(badPositiveInt),
          deviceId: required(badPositiveInt),
          before: optional(badFor(HistoryRequest.shape.before, '2026-13-01', '01-11-2026')),
        },
      },
    },
    'POST /api/gateway/skipreading/:accountId': {
      refusal: 'message',
      body: {
        schema: SkipReadingRequest,
        // Andet, so that leaving out the note is bad input too.
        template: { gatewayId: ids.gatewayId, deviceId: ids.deviceId, reason: 'Andet', note: 'Låst kælder' },
        fields: {
          gatewayId: required(badPositiveInt),
          deviceId: required(badPositiveInt),
          reason: required(
            fc
              .oneof(anyValue, fc.constantFrom('andet', 'Ingen Adgang', 'Andet '))
              .filter((v) => !(SKIP_REASONS as readonly unknown[]).includes(v)),
          ),
          note: required(
            fc
              .oneof(anyValue, fc.constantFrom('', '   ', 'x'.repeat(2001), 'a\u202eb'))
              .filter((v) => !SkipReadingRequest.safeParse({ ...ids, reason: 'Andet', note: v }).success),
          ),
          followUp: optional(badBoolean),
        },
      },
    },
    'POST /api/gateway/meterchange/:deviceId/:accountId': {
      refusal: 'readings',
      body: {
        schema: MeterChangeRequest,
        template: {
          dateRecord: ids.dateRecord,
          serialNumber: 'SWEEP-NY-1',
          points: [{ deviceItemId: ids.deviceItemId, finalValue: '999999', startValue: '0' }],
        },
        fields: {
          dateRecord: required(badReadingText),
          serialNumber: required(
            fc
              .oneof(anyValue, fc.constantFrom('', '   ', 'x'.repeat(200), 'a\u0007b'))
              .filter((v) => !SerialNumber.safeParse(v).success),
          ),
          points: required(
            fc
              .oneof(
                anyValue,
                fc.constant([]),
                fc.constant([{ deviceItemId: ids.deviceItemId, finalValue: 1 }]),
              )
              .filter((v) => !MeterChangeRequest.shape.points.safeParse(v).success),
          ),
        },
      },
    },
    'POST /api/gateway/manualregisterdeviceitemdata/:accountId': {
      refusal: 'readings',
      body: {
        schema: ReadingBatch,
        template: [reading, { ...reading, dateRecord: '10/15/2026', value: '99' }],
        fields: {
          gatewayId: required(badPositiveInt),
          deviceId: required(badPositiveInt),
          deviceItemId: required(badPositiveInt),
          dateRecord: required(badReadingText),
          value: required(badReadingText),
          plausibilityOverride: optional(badBoolean),
          // `web` is the only source a reading may claim without a time of entry; any other is refused.
          source: optional(
            fc
              .oneof(anyValue, fc.constantFrom('import', 'cli', 'estimate', 'offline', 'Web'))
              .filter((v) => v !== 'web' && v !== undefined),
          ),
          // Without `offline`, even a well-formed time of entry is refused.
          enteredAt: optional(
            fc.oneof(anyValue, fc.constantFrom('2026-10-15T08:00:00Z')).filter((v) => v !== undefined),
          ),
        },
        wholeBody: fc.constantFrom(
          [],
          Array.from({ length: 1001 }, () => reading),
          { ...reading },
        ),
      },
    },
  };
}

/** Bad values of the fields that creating and editing a user in the administration share. */
function userAdministrationFields(ids: SweepIds): Record<string, FieldSpec> {
  const edit = (change: object) => ({ name: 'A', role: 2, accountIds: [ids.accountId], ...change });
  return {
    name: required(badRequiredText(200)),
    role: required(anyValue.filter((v) => v !== 0 && v !== 1 && v !== 2)),
    accountIds: required(
      fc
        .oneof(anyValue, fc.constant([]), fc.array(badUuid, { minLength: 1, maxLength: 3 }))
        .filter((v) => !EditUserRequest.safeParse(edit({ accountIds: v })).success),
    ),
  };
}

/** Valid values and bad values of every path parameter, by its name in the route path. */
export function pathParameters(ids: SweepIds): Record<string, { valid: string; bad: fc.Arbitrary<string> }> {
  return {
    accountId: { valid: ids.accountId, bad: badPathSegment.uuid },
    // A photo id nobody holds: the sweep's uploads carry no image, so they are refused before any is stored.
    photoId: { valid: '4f0b3c52-9d7e-4a61-8c2f-1e5d6a7b8c9d', bad: badPathSegment.uuid },
    customerId: { valid: ids.customerId, bad: badPathSegment.uuid },
    id: { valid: ids.userId, bad: badPathSegment.uuid },
    gatewayId: { valid: String(ids.gatewayId), bad: badPathSegment.intId },
    deviceId: { valid: String(ids.deviceId), bad: badPathSegment.intId },
    deviceItemId: { valid: String(ids.deviceItemId), bad: badPathSegment.intId },
    // No task has the meter's id in the sweep's world: a valid one answers 404.
    taskId: { valid: String(ids.deviceId), bad: badPathSegment.intId },
    type: { valid: 'heat', bad: badPathSegment.deviceType },
    value: { valid: '1', bad: badPathSegment.manualFlag },
    serial: { valid: ids.serial, bad: badPathSegment.serial },
    kind: { valid: 'meters', bad: badPathSegment.importKind },
    // No key has this id: a valid one answers 404.
    keyId: { valid: '6c1e2f3a-4b5d-4e6f-8a7b-9c0d1e2f3a4b', bad: badPathSegment.uuid },
    '*': { valid: 'index.html', bad: badPathSegment.filePath },
  };
}
