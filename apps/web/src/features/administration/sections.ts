import { type AdministrationSection, administrationPaths } from '@/config/paths';
import { emailMessages } from './emails/email-messages';
import { importMessages } from './import/import-messages';
import { administrationMessages as messages, meterAdministrationMessages } from './messages';

/** The sections in the navigation's order. */
export const administrationSections = Object.keys(administrationPaths) as AdministrationSection[];

/** Each section's heading, which also names it in the navigation and the page title. */
export const sectionHeadings: Record<AdministrationSection, string> = {
  status: messages.statusHeading,
  review: messages.reviewHeading,
  import: importMessages.heading,
  export: messages.exportHeading,
  meters: meterAdministrationMessages.heading,
  users: messages.usersHeading,
  emails: emailMessages.heading,
};

/** The section a path shows, or null for `/administration` itself and unknown sections. */
export function sectionAt(pathname: string): AdministrationSection | null {
  return administrationSections.find((section) => administrationPaths[section] === pathname) ?? null;
}
