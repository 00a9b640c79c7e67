import { type AdministrationSection, administrationPaths } from '@/config/paths';
import { apiKeyMessages } from './api-keys/api-key-messages';
import { emailMessages } from './emails/email-messages';
import { exportMessages } from './export/export-messages';
import { importMessages } from './import/import-messages';
import { logMessages } from './log/log-messages';
import { meterAdministrationMessages } from './meters/meter-messages';
import { reviewMessages } from './review/review-messages';
import { selfReadingOfficeMessages } from './selfreading/self-reading-messages';
import { statusMessages } from './status/status-messages';
import { taskMessages } from './tasks/task-messages';
import { usersMessages } from './users/users-messages';

/** The sections in the navigation's order. */
export const administrationSections = Object.keys(administrationPaths) as AdministrationSection[];

/** Each section's heading, which also names it in the navigation and the page title. */
export const sectionHeadings: Record<AdministrationSection, string> = {
  status: statusMessages.heading,
  review: reviewMessages.heading,
  import: importMessages.heading,
  export: exportMessages.heading,
  meters: meterAdministrationMessages.heading,
  tasks: taskMessages.heading,
  users: usersMessages.heading,
  emails: emailMessages.heading,
  log: logMessages.heading,
  apiKeys: apiKeyMessages.heading,
  selfReading: selfReadingOfficeMessages.heading,
};

/** The section a path shows, or null for `/administration` itself and unknown sections. */
export function sectionAt(pathname: string): AdministrationSection | null {
  return administrationSections.find((section) => administrationPaths[section] === pathname) ?? null;
}
