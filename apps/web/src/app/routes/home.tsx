export { ReadingReportPage as Component } from '@/features/reading-report/components/reading-report-page';
