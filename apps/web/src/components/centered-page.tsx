import type { ReactNode } from 'react';
import { commonMessages } from '@/lib/messages';

/** Layout of the sign-in screens: the app name above one narrow card, centred on larger screens. */
export function CenteredPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <title>{`${title} – ${commonMessages.appName}`}</title>
      <header className="bg-primary text-white py-3 mb-4">
        <div className="container">
          <p className="h5 mb-0">{commonMessages.appName}</p>
        </div>
      </header>
      <main id="main" className="container pb-5">
        <div className="row justify-content-center">
          <div className="col-12 col-sm-10 col-md-7 col-lg-5">{children}</div>
        </div>
      </main>
    </>
  );
}
