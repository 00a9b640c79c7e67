import '../reading-report.css';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';
import { SignOutButton } from '@/components/sign-out-button';
import { commonMessages } from '@/lib/messages';
import { readingReportMessages as messages } from '../messages';
import { ReadingForm } from './reading-form';

export const SIGN_OUT_CLASS = 'reading-report-sign-out';

type ReadingReportPageProps = {
  /** Shown in the header before the sign-out button. */
  headerActions?: ReactNode;
  /** The sign-out button; the plain one by default. */
  signOut?: ReactNode;
  /** Shown between the header and the form. */
  notice?: ReactNode;
};

/** The home screen (spec §2): report one reading per measurement point of a meter. */
export function ReadingReportPage({ headerActions, notice, signOut }: ReadingReportPageProps) {
  return (
    <>
      <title>{`${messages.heading} – ${commonMessages.appName}`}</title>
      <header className="bg-primary text-white py-2">
        <div className="container d-flex align-items-center justify-content-between gap-3">
          <PageHeading className="h4 mb-0">{messages.heading}</PageHeading>
          <div className="d-flex align-items-center gap-2">
            {headerActions}
            {signOut ?? <SignOutButton className={SIGN_OUT_CLASS} />}
          </div>
        </div>
      </header>
      {notice}
      <main id="main" className="container py-4">
        <div className="row justify-content-center">
          <div className="col-12 col-md-9 col-lg-6">
            <ReadingForm />
          </div>
        </div>
      </main>
    </>
  );
}
