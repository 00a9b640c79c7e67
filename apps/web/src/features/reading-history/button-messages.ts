/**
 * Danish texts of the 'Historik' button, on the home screen's first load; the dialog's many texts
 * (messages.ts) load with the dialog.
 */
export const historyButtonMessages = {
  open: 'Historik',
  loading: 'Henter historik...',
} as const;
