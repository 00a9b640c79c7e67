import '../administration.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { PageHeading } from '@/components/page-heading';
import { SignOutButton } from '@/components/sign-out-button';
import { administrationPaths, paths } from '@/config/paths';
import { commonMessages } from '@/lib/messages';
import { fetchCurrentUserAccounts } from '@/lib/server-data/account-api';
import { administrationMessages as messages } from '../messages';
import { useReviewList } from '../review/api/review';
import { sectionAt, sectionHeadings } from '../sections';
import { AccountSelect } from './account-select';
import { AdministrationNav } from './administration-nav';
import { SectionContent } from './section-content';

/**
 * 'Administration' (issues 18 and 33), for role 1: one section at a time, each at its own route, with
 * the account select and the sections' navigation above it. The account and the chosen period stay
 * while the administrator moves between sections. The route guard and the API both refuse other roles.
 */
export function AdministrationPage() {
  const [pathname] = useLocation();
  const section = sectionAt(pathname);
  const accounts = useQuery({ queryKey: ['admin', 'accounts'], queryFn: fetchCurrentUserAccounts });
  const [chosen, setChosen] = useState('');
  const accountId = chosen || (accounts.data?.[0]?.guid ?? '');
  // Any day of the chosen period; null is the current one.
  const [periodDay, setPeriodDay] = useState<string | null>(null);
  const review = useReviewList(accountId);

  if (section === null) return <Redirect to={administrationPaths.status} replace />;
  return (
    <>
      <title>{`${messages.sectionTitle(sectionHeadings[section])} – ${commonMessages.appName}`}</title>
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
      <main id="main" className="container py-3">
        <AccountSelect
          accounts={accounts}
          accountId={accountId}
          onChange={(id) => {
            setChosen(id);
            setPeriodDay(null);
          }}
        />
        <div className="admin-layout">
          <AdministrationNav current={section} reviewCount={review.data?.length} />
          <div className="admin-section-content">
            <SectionContent
              section={section}
              accountId={accountId}
              periodDay={periodDay}
              onPeriodChange={setPeriodDay}
            />
          </div>
        </div>
      </main>
    </>
  );
}
