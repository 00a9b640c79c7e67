import type { ReactNode } from 'react';
import { AppBanner } from './app-banner';

/** Layout of the sign-in screens: the app name above one narrow card, centred on larger screens. */
export function CenteredPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <AppBanner title={title} />
      <main id="main" className="container pb-5">
        <div className="row justify-content-center">
          <div className="col-12 col-sm-10 col-md-7 col-lg-5">{children}</div>
        </div>
      </main>
    </>
  );
}
