import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppBanner } from '@/components/app-banner';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { trustMessages as messages } from '../messages';

/** Layout of the public text pages: the app's header, one readable column, a way back into the app. */
export function TrustPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <AppBanner title={title} />
      <main id="main" className="container pb-4">
        <div className="row justify-content-center">
          <article className="col-12 col-md-10 col-lg-8 trust-page">
            <PageHeading className="h3 mb-3">{title}</PageHeading>
            {children}
            <p className="mt-4 mb-0">
              <Link href={paths.home}>{messages.backToApp}</Link>
            </p>
          </article>
        </div>
      </main>
    </>
  );
}
