import type { GuaranteedAccountList } from '@maaler/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/messages';
import { administrationMessages as messages } from '../messages';

/** The account every section of Administration works on (the users are the customers', not an account's). */
export function AccountSelect({
  accounts,
  accountId,
  onChange,
}: {
  accounts: UseQueryResult<GuaranteedAccountList>;
  accountId: string;
  onChange: (accountId: string) => void;
}) {
  return (
    <Form.Group controlId="admin-account" className="mb-3">
      <Form.Label>{messages.account}</Form.Label>
      <Form.Select
        size="lg"
        value={accountId}
        onChange={(event) => onChange(event.target.value)}
        disabled={!accounts.data}
      >
        {!accounts.data && <option value="">{messages.loadingAccounts}</option>}
        {accounts.data?.map((account) => (
          <option key={account.guid} value={account.guid}>
            {account.name}
          </option>
        ))}
      </Form.Select>
      {accounts.isError && (
        <p role="alert" className="text-danger mt-2">
          {messages.failed(errorMessage(accounts.error))}
        </p>
      )}
    </Form.Group>
  );
}
