// The two public pages share one chunk: one entry less in every first load's router (ADR 038).
export { AccessibilityStatementPage } from '@/features/trust/components/accessibility-statement-page';
export { PrivacyPage } from '@/features/trust/components/privacy-page';
