import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUser, CreateUserRequest, type GuaranteedAccountList } from '@maaler/contract';
import Form from 'react-bootstrap/Form';
import { useController, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { usersMessages as messages } from './users-messages';

const TITLE_ID = 'admin-user-dialog-title';
const ROLES = [0, 2, 1] as const;

type UserDialogProps = {
  /** The user to edit; none creates one. */
  user?: AdminUser | undefined;
  accounts: GuaranteedAccountList;
  saving: boolean;
  /** Why the last attempt failed. */
  error: string | null;
  /** Editing sends the user's e-mail unchanged: it is their sign-in, theirs to change. */
  onSave: (form: CreateUserRequest) => void;
  onClose: () => void;
};

/** 'Ny bruger' and 'Rediger': name, (e-mail,) role and accounts as checkboxes. */
export function UserDialog({ user, accounts, saving, error, onSave, onClose }: UserDialogProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CreateUserRequest>({
    resolver: zodResolver(CreateUserRequest),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: (user?.role ?? 2) as CreateUserRequest['role'],
      accountIds: user?.accountList ? user.accountList.split(',') : [],
    },
  });
  const chosen = useController({ control, name: 'accountIds' });
  const chosenIds = new Set(chosen.field.value);
  const toggle = (accountId: string, on: boolean) =>
    chosen.field.onChange(
      accounts.map((a) => a.guid).filter((id) => (id === accountId ? on : chosenIds.has(id))),
    );

  return (
    <FormDialog
      titleId={TITLE_ID}
      title={user ? messages.editUserTitle(user.name) : messages.newUserTitle}
      onSubmit={handleSubmit(onSave)}
      onClose={onClose}
      cancelLabel={messages.cancel}
      submitLabel={saving ? messages.saving : user ? messages.save : messages.create}
      busy={saving}
      error={error}
      scrollable
    >
      <TextField
        id="admin-user-name"
        label={messages.name}
        autoComplete="off"
        // The dialog opens to be filled in: start where the typing starts.
        autoFocus
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="admin-user-email"
        label={messages.email}
        type="email"
        autoComplete="off"
        readOnly={user !== undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      <Form.Group controlId="admin-user-role" className="mb-3">
        <Form.Label>{messages.role}</Form.Label>
        <Form.Select {...register('role', { valueAsNumber: true })}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {messages.roles[role]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <fieldset aria-describedby="admin-user-accounts-hint admin-user-accounts-error">
        <legend className="form-label fs-6">{messages.accountsLegend}</legend>
        {accounts.map((account) => (
          <Form.Check
            key={account.guid}
            type="checkbox"
            id={`admin-user-account-${account.guid}`}
            label={account.name}
            checked={chosenIds.has(account.guid)}
            onChange={(event) => toggle(account.guid, event.target.checked)}
            onBlur={chosen.field.onBlur}
          />
        ))}
        <small id="admin-user-accounts-hint" className="form-text d-block">
          {messages.accountsHint}
        </small>
        <div id="admin-user-accounts-error" role="alert" className="text-danger small">
          {errors.accountIds?.message}
        </div>
      </fieldset>
    </FormDialog>
  );
}
