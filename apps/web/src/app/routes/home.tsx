import { OfflineBanner } from '@/features/offline-readings/components/offline-banner';
import { WaitingReadings } from '@/features/offline-readings/components/waiting-readings';
import { ReadingReportPage } from '@/features/reading-report/components/reading-report-page';

/** The home screen with what waits on the device (issue 16) in its header. */
export function Component() {
  return <ReadingReportPage headerActions={<WaitingReadings />} notice={<OfflineBanner />} />;
}
