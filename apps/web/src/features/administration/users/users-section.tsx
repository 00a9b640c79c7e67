import type { AdminUser, CreateUserRequest } from '@maaler/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { administrationMessages as messages } from '../messages';
import {
  type UserAction,
  useCreateUser,
  useEditUser,
  useResetPassword,
  useUserAction,
  useUserPage,
} from './api/users';
import { UserDialog } from './user-dialog';
import { UserTable } from './user-table';

/** How long typing may pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

const ACTION_DONE: Record<UserAction, (name: string) => string> = {
  disable: messages.disabledDone,
  enable: messages.enabledDone,
  unlock: messages.unlockedDone,
};

/** The dialog open: `Ny bruger` or `Rediger` of one user. */
type Dialog = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | null;

/**
 * 'Brugere': the users of the administrator's customers, paged and searched on the server (ADR 016),
 * with `Ny bruger`, `Rediger`, `Deaktiver`/`Aktiver`, `Lås op` and `Nulstil adgangskode`. A temporary
 * password is shown once, after creating or resetting. The server decides whom an administrator may
 * change and says so in Danish.
 */
export function UsersSection() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useUserPage(search, page);
  const accounts = useQuery({ queryKey: ['admin', 'accounts'], queryFn: fetchCurrentUserAccounts });
  const create = useCreateUser();
  const edit = useEditUser();
  const action = useUserAction();
  const reset = useResetPassword();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [asking, setAsking] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState('');
  const newUserButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const closeDialog = () => {
    create.reset();
    edit.reset();
    setDialog(null);
  };
  const save = (form: CreateUserRequest) => {
    setNotice('');
    if (dialog?.kind === 'edit') {
      const change = { name: form.name, role: form.role, accountIds: form.accountIds };
      edit.mutate(
        { userId: dialog.user.guid, change },
        {
          onSuccess: (user) => {
            setDialog(null);
            setNotice(messages.savedUser(user.name));
          },
        },
      );
    } else {
      create.mutate(form, {
        onSuccess: (created) => {
          setDialog(null);
          const { email } = created.user;
          const password = created.temporaryPassword;
          setNotice(password === null ? messages.invitedUser(email) : messages.createdUser(email, password));
        },
      });
    }
  };
  const act = (user: AdminUser, chosen: UserAction) => {
    setNotice('');
    action.mutate(
      { userId: user.guid, action: chosen },
      { onSuccess: () => setNotice(ACTION_DONE[chosen](user.name)) },
    );
  };
  const confirmReset = (user: AdminUser) => {
    setAsking(null);
    reset.mutate(user.guid, {
      onSuccess: (password) => setNotice(messages.temporaryPassword(user.email, password)),
    });
  };

  const pageData = users.data;
  const pages = pageData ? Math.max(1, Math.ceil(pageData.total / pageData.pageSize)) : 1;
  const saving = create.isPending || edit.isPending;
  const saveError = create.error ?? edit.error;
  const failed = action.error ?? reset.error;

  return (
    <AdminSection
      headingId="admin-users-heading"
      heading={messages.usersHeading}
      action={
        <Button
          ref={newUserButton}
          variant="primary"
          aria-haspopup="dialog"
          disabled={!accounts.data}
          onClick={() => {
            setNotice('');
            setDialog({ kind: 'create' });
          }}
        >
          {messages.newUser}
        </Button>
      }
    >
      <div
        role="status"
        className={notice ? 'alert alert-success d-flex gap-2 align-items-start' : 'visually-hidden'}
      >
        <span className="flex-fill text-break">{notice}</span>
        {notice && (
          <button
            type="button"
            className="btn-close"
            aria-label={messages.closeMessage}
            onClick={() => setNotice('')}
          />
        )}
      </div>
      {failed && (
        <p role="alert" className="text-danger">
          {action.error
            ? messages.actionFailed(errorMessage(action.error))
            : messages.resetFailed(errorMessage(reset.error))}
        </p>
      )}
      {asking && (
        <Alert variant="warning">
          <p>{messages.resetQuestion(asking.name)}</p>
          <div className="d-flex gap-2">
            <Button variant="danger" onClick={() => confirmReset(asking)} autoFocus>
              {messages.confirmReset}
            </Button>
            <Button variant="light" onClick={() => setAsking(null)}>
              {messages.cancel}
            </Button>
          </div>
        </Alert>
      )}
      <Form.Group controlId="admin-user-search" className="mb-3">
        <Form.Label>{messages.search}</Form.Label>
        <Form.Control type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Form.Group>
      {users.isPending && <p role="status">{messages.loading}</p>}
      {users.isError && <Alert variant="danger">{messages.failed(errorMessage(users.error))}</Alert>}
      {pageData && (
        <p className="small text-body-secondary mb-2" aria-live="polite">
          {messages.usersCount(pageData.total)}
        </p>
      )}
      {pageData && pageData.users.length === 0 && <p>{messages.noUsersFound}</p>}
      {pageData && pageData.users.length > 0 && (
        <UserTable
          users={pageData.users}
          busy={action.isPending || reset.isPending}
          onEdit={(user) => {
            setNotice('');
            setDialog({ kind: 'edit', user });
          }}
          onAction={act}
          onReset={(user) => {
            setNotice('');
            setAsking(user);
          }}
        />
      )}
      <Pager label={messages.pagination} page={page} pages={pages} onPage={setPage} />
      {dialog && accounts.data && (
        <UserDialog
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          accounts={accounts.data}
          saving={saving}
          error={saveError ? messages.saveFailed(errorMessage(saveError)) : null}
          onSave={save}
          onClose={closeDialog}
        />
      )}
    </AdminSection>
  );
}
