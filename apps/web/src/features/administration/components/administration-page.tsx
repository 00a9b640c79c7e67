import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'wouter';
import { PageHeading } from '@/components/page-heading';
import { SignOutButton } from '@/components/sign-out-button';
import { paths } from '@/config/paths';
import { commonMessages, errorMessage } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { administrationMessages as messages } from '../messages';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { MetersSection } from './meters-section';
import { PeriodStatusSection } from './period-status-section';
import { ReviewSection } from './review-section';
import { UsersSection } from './users-section';

/**
 * 'Administration' (issue 18), for role 1: per account the status of a period, its export for
 * billing and the readings to review; then the users of the administrator's customers. The route guard and the API both refuse other roles.
 */
export function AdministrationPage() {
  const accounts = useQuery({ queryKey: ['admin', 'accounts'], queryFn: fetchCurrentUserAccounts });
  const [chosen, setChosen] = useState('');
  const accountId = chosen || (accounts.data?.[0]?.guid ?? '');
  // Any day of the chosen period; null is the current one.
  const [periodDay, setPeriodDay] = useState<string | null>(null);

  return (
    <>
      <title>{`${messages.title} – ${commonMessages.appName}`}</title>
      <header className="bg-primary text-white py-2">
        <div className="container d-flex align-items-center justify-content-between gap-3">
          <PageHeading className="h4 mb-0">{messages.title}</PageHeading>
          <div className="d-flex align-items-center gap-2">
            <Link href={paths.home} className="btn btn-light">
              {messages.back}
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="container py-4">
        <Form.Group controlId="admin-account" className="mb-4">
          <Form.Label>{messages.account}</Form.Label>
          <Form.Select
            size="lg"
            value={accountId}
            onChange={(event) => {
              setChosen(event.target.value);
              setPeriodDay(null);
            }}
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
        {accountId !== '' && (
          <div className="d-flex flex-column gap-5">
            <PeriodStatusSection accountId={accountId} periodDay={periodDay} onPeriodChange={setPeriodDay} />
            <ExportSection accountId={accountId} periodDay={periodDay} />
            <MetersSection key={accountId} accountId={accountId} />
            <ReviewSection accountId={accountId} />
            <ImportSection accountId={accountId} />
          </div>
        )}
        <hr className="my-5" />
        <UsersSection />
      </main>
    </>
  );
}
