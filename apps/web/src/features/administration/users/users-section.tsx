import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { AdminSection } from '../components/admin-section';
import { Pager } from '../components/pager';
import { administrationMessages } from '../messages';
import { ResetQuestion } from './reset-question';
import { useUserChanges } from './use-user-changes';
import { useUserSearch } from './use-user-search';
import { userPageCount } from './user-counts';
import { UserDialog } from './user-dialog';
import { UserNotice } from './user-notice';
import { UserTable } from './user-table';
import { usersMessages as messages } from './users-messages';

/**
 * 'Brugere': the users of the administrator's customers, paged and searched on the server (ADR 016),
 * with `Ny bruger`, `Rediger`, `Deaktiver`/`Aktiver`, `Lås op` and `Nulstil adgangskode`. A temporary
 * password is shown once, after creating or resetting. The server decides whom an administrator may
 * change and says so in Danish.
 */
export function UsersSection() {
  const { typed, setTyped, page, setPage, users } = useUserSearch();
  const accounts = useQuery({ queryKey: ['admin', 'accounts'], queryFn: fetchCurrentUserAccounts });
  const changes = useUserChanges();
  const newUserButton = useRef<HTMLButtonElement>(null);

  const pageData = users.data;
  const pages = pageData ? userPageCount(pageData.total, pageData.pageSize) : 1;
  const { dialog, asking } = changes;

  return (
    <AdminSection
      headingId="admin-users-heading"
      heading={messages.heading}
      action={
        <Button
          ref={newUserButton}
          variant="primary"
          aria-haspopup="dialog"
          disabled={!accounts.data}
          onClick={() => changes.openDialog({ kind: 'create' })}
        >
          {messages.newUser}
        </Button>
      }
    >
      <UserNotice notice={changes.notice} onClose={changes.closeNotice} />
      {changes.failed && (
        <p role="alert" className="text-danger">
          {changes.failed}
        </p>
      )}
      {asking && (
        <ResetQuestion
          user={asking}
          onConfirm={() => changes.confirmReset(asking)}
          onCancel={changes.cancelReset}
        />
      )}
      <Form.Group controlId="admin-user-search" className="mb-3">
        <Form.Label>{messages.search}</Form.Label>
        <Form.Control type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Form.Group>
      {users.isPending && <p role="status">{administrationMessages.loading}</p>}
      {users.isError && (
        <Alert variant="danger">{administrationMessages.failed(errorMessage(users.error))}</Alert>
      )}
      {pageData && (
        <p className="small text-body-secondary mb-2" aria-live="polite">
          {messages.usersCount(pageData.total)}
        </p>
      )}
      {pageData && pageData.users.length === 0 && <p>{messages.noUsersFound}</p>}
      {pageData && pageData.users.length > 0 && (
        <UserTable
          users={pageData.users}
          busy={changes.busy}
          onEdit={(user) => changes.openDialog({ kind: 'edit', user })}
          onAction={changes.act}
          onReset={changes.askReset}
        />
      )}
      <Pager label={messages.pagination} page={page} pages={pages} onPage={setPage} />
      {dialog && accounts.data && (
        <UserDialog
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          accounts={accounts.data}
          saving={changes.saving}
          error={changes.saveError}
          onSave={changes.save}
          onClose={changes.closeDialog}
        />
      )}
    </AdminSection>
  );
}
