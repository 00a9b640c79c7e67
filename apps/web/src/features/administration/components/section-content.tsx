import type { AdministrationSection } from '@/config/paths';
import { ApiKeysSection } from '../api-keys/api-keys-section';
import { EmailsSection } from '../emails/emails-section';
import { ExportSection } from '../export/export-section';
import { ImportSection } from '../import/import-section';
import { LogSection } from '../log/log-section';
import { MetersSection } from '../meters/meters-section';
import { ReviewSection } from '../review/review-section';
import { SelfReadingSection } from '../selfreading/self-reading-section';
import { PeriodStatusSection } from '../status/period-status-section';
import { TasksSection } from '../tasks/tasks-section';
import { UsersSection } from '../users/users-section';
import type { PeriodSectionProps } from './period-section-props';

type SectionContentProps = PeriodSectionProps & { section: AdministrationSection };

/** The one section the route shows; all but `Brugere`, `Udsendte e-mails`, `Log` and `API-nøgler` wait for an account. */
export function SectionContent({ section, accountId, periodDay, onPeriodChange }: SectionContentProps) {
  if (section === 'users') return <UsersSection />;
  if (section === 'emails') return <EmailsSection />;
  if (section === 'log') return <LogSection />;
  if (section === 'apiKeys') return <ApiKeysSection />;
  if (accountId === '') return null;
  switch (section) {
    case 'status':
      return (
        <PeriodStatusSection accountId={accountId} periodDay={periodDay} onPeriodChange={onPeriodChange} />
      );
    case 'review':
      return <ReviewSection accountId={accountId} />;
    case 'import':
      return <ImportSection accountId={accountId} />;
    case 'export':
      return <ExportSection accountId={accountId} periodDay={periodDay} onPeriodChange={onPeriodChange} />;
    case 'meters':
      return <MetersSection key={accountId} accountId={accountId} />;
    case 'tasks':
      return <TasksSection key={accountId} accountId={accountId} />;
    case 'selfReading':
      return (
        <SelfReadingSection accountId={accountId} periodDay={periodDay} onPeriodChange={onPeriodChange} />
      );
  }
}
