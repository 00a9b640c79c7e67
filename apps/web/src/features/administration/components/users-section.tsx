import type { User } from '@maaler/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ScrollableTable } from '@/components/scrollable-table';
import { errorMessage } from '@/lib/messages';
import { useResetPassword, useUsers } from '../api/users';
import { administrationMessages as messages } from '../messages';

const countOf = (list: string): number => (list === '' ? 0 : list.split(',').length);

function matches(user: User, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('da');
  return (
    wanted === '' ||
    user.name.toLocaleLowerCase('da').includes(wanted) ||
    user.email.toLocaleLowerCase('da').includes(wanted)
  );
}

/**
 * 'Brugere': the users of the administrator's customers, searchable, each with 'Nulstil adgangskode'
 * (asked first; the temporary password is shown once). The server decides whom an administrator may
 * change and says so in Danish.
 */
export function UsersSection() {
  const users = useUsers();
  const reset = useResetPassword();
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<User | null>(null);
  const [issued, setIssued] = useState('');
  const shown = users.data?.filter((user) => matches(user, search)) ?? [];

  const confirmReset = (user: User) => {
    setAsking(null);
    reset.mutate(user.guid, {
      onSuccess: (password) => setIssued(messages.temporaryPassword(user.email, password)),
    });
  };

  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading" className="h5">
        {messages.usersHeading}
      </h2>
      <p role="status" className={issued ? 'alert alert-success' : 'visually-hidden'}>
        {issued}
      </p>
      {reset.isError && (
        <p role="alert" className="text-danger">
          {messages.resetFailed(errorMessage(reset.error))}
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
        <Form.Control type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Form.Group>
      {users.isPending && <p role="status">{messages.loading}</p>}
      {users.isError && <Alert variant="danger">{messages.failed(errorMessage(users.error))}</Alert>}
      {users.data && shown.length === 0 && <p>{messages.noUsersFound}</p>}
      {shown.length > 0 && (
        <ScrollableTable caption={messages.usersTable}>
          <thead>
            <tr>
              <th scope="col">{messages.name}</th>
              <th scope="col">{messages.email}</th>
              <th scope="col">{messages.role}</th>
              <th scope="col">{messages.accounts}</th>
              <th scope="col">
                <span className="visually-hidden">{messages.resetPassword}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => (
              <tr key={user.guid}>
                <td>
                  {user.name}
                  {user.resetPassword && (
                    <div className="small text-body-secondary">{messages.mustChangePassword}</div>
                  )}
                </td>
                <td>{user.email}</td>
                <td>{messages.roles[user.role] ?? String(user.role)}</td>
                <td>{countOf(user.accountList)}</td>
                <td>
                  <Button
                    variant="outline-primary"
                    size="sm"
                    disabled={reset.isPending}
                    aria-label={messages.resetPasswordLabel(user.name)}
                    onClick={() => {
                      setIssued('');
                      setAsking(user);
                    }}
                  >
                    {messages.resetPassword}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      )}
    </section>
  );
}
