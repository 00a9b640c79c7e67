// The two public pages share one chunk: one entry less in every first load's router (ADR 038).
export { AccessibilityStatementPage } from '@/features/trust/components/accessibility-statement-page';
// `Mine data` (ADR 040) rides along: a screen behind the session guard, but a chunk of its own would add
// its preload list to every first load's router.
export { MyDataPage } from '@/features/trust/components/my-data-page';
export { PrivacyPage } from '@/features/trust/components/privacy-page';
