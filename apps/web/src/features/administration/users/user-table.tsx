import { ADMIN_ROLE, type AdminUser } from '@maaler/contract';
import Button from 'react-bootstrap/Button';
import { ScrollableTable } from '@/components/scrollable-table';
import type { UserAction } from './api/users';
import { accountCountOf } from './user-counts';
import { usersMessages as messages } from './users-messages';

type UserTableProps = {
  users: AdminUser[];
  busy: boolean;
  onEdit: (user: AdminUser) => void;
  onAction: (user: AdminUser, action: UserAction) => void;
  onReset: (user: AdminUser) => void;
};

/**
 * One page of users with their state and what can be done to each, in two columns (the user with
 * role and accounts; the actions stacked) so that a 375 px screen shows the actions without
 * scrolling sideways, also beside a long name or the word `Administrator`. Administrators are
 * changed with the CLI (the server refuses), so their rows offer only the reset, whose refusal the
 * server words.
 */
export function UserTable({ users, busy, onEdit, onAction, onReset }: UserTableProps) {
  return (
    <ScrollableTable caption={messages.usersTable} columns={[messages.user, messages.actions]}>
      {users.map((user) => (
        <tr key={user.guid}>
          <td>
            <div className="fw-semibold">{user.name}</div>
            <div className="small text-break">{user.email}</div>
            {(user.disabled || user.locked) && (
              <div className="d-flex flex-wrap gap-1 mt-1">
                {user.disabled && <span className="badge text-bg-secondary">{messages.disabled}</span>}
                {user.locked && <span className="badge text-bg-danger">{messages.locked}</span>}
              </div>
            )}
            <div className="small">
              {messages.roles[user.role] ?? String(user.role)} ·{' '}
              {messages.accountCount(accountCountOf(user.accountList))}
            </div>
            {user.resetPassword && (
              <div className="small text-body-secondary">{messages.mustChangePassword}</div>
            )}
          </td>
          <td>
            <div className="d-flex flex-column align-items-stretch gap-1">
              {user.role !== ADMIN_ROLE && (
                <>
                  <ActionButton
                    label={messages.editUser}
                    name={messages.editUserLabel(user.name)}
                    busy={busy}
                    onClick={() => onEdit(user)}
                  />
                  {user.disabled ? (
                    <ActionButton
                      label={messages.enable}
                      name={messages.enableLabel(user.name)}
                      busy={busy}
                      onClick={() => onAction(user, 'enable')}
                    />
                  ) : (
                    <ActionButton
                      label={messages.disable}
                      name={messages.disableLabel(user.name)}
                      busy={busy}
                      onClick={() => onAction(user, 'disable')}
                    />
                  )}
                </>
              )}
              {user.locked && (
                <ActionButton
                  label={messages.unlock}
                  name={messages.unlockLabel(user.name)}
                  busy={busy}
                  onClick={() => onAction(user, 'unlock')}
                />
              )}
              <ActionButton
                label={messages.resetPassword}
                name={messages.resetPasswordLabel(user.name)}
                busy={busy}
                onClick={() => onReset(user)}
              />
            </div>
          </td>
        </tr>
      ))}
    </ScrollableTable>
  );
}

function ActionButton({
  label,
  name,
  busy,
  onClick,
}: {
  label: string;
  name: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline-primary" size="sm" disabled={busy} aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}
