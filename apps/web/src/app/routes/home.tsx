import { AdministrationLink } from '@/features/administration/components/administration-link';
import { OfflineBanner } from '@/features/offline-readings/components/offline-banner';
import { SignOutKeepingReadings } from '@/features/offline-readings/components/sign-out-keeping-readings';
import { WaitingReadings } from '@/features/offline-readings/components/waiting-readings';
import { ReadingReportPage, SIGN_OUT_CLASS } from '@/features/reading-report/components/reading-report-page';

/** The home screen with what waits on the device (issue 16) in its header and at sign-out. */
export function Component() {
  return (
    <ReadingReportPage
      headerActions={
        <>
          <WaitingReadings />
          <AdministrationLink />
        </>
      }
      notice={<OfflineBanner />}
      signOut={<SignOutKeepingReadings className={SIGN_OUT_CLASS} />}
    />
  );
}
