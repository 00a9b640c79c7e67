import { counted } from '@maaler/contract';
import { READINGS } from './messages';

/**
 * Danish texts of the dialogs of readings kept on the device (issue 16): the waiting list, its
 * items, and the question at sign-out. Loaded with the dialogs, not with the home screen.
 */
export const offlineDialogMessages = {
  listTitle: 'Afventer afsendelse',
  listIntro: 'Målingerne sendes automatisk, når der er forbindelse.',
  sendNow: 'Send nu',
  sending: 'Sender...',
  sendNowOffline: 'Der er ingen forbindelse. Målingerne sendes, når den er tilbage.',
  signOutTitle: 'Log ud',
  signOutWarning: (count: number): string => `Du har ${counted(count, READINGS)}, der ikke er sendt`,
  signOutKeeps: 'De bliver på enheden og sendes, når du logger ind igen.',
  signOutDeletes: 'Vælg Slet dem for at slette dem fra enheden. Så bliver de ikke sendt.',
  signOutAnyway: 'Log ud',
  deleteAndSignOut: 'Slet dem',
  meter: 'Måler',
  /** A SEND kept with its photo (issue 36): only a mark, the photo itself stays in storage. */
  photo: 'Foto',
  withPhoto: 'Med foto',
  note: 'Bemærkning',
  point: 'Målepunkt',
  date: 'Dato',
  value: 'Værdi',
  enteredAt: 'Indtastet',
  failed: 'Kunne ikke sendes',
  edit: 'Ret',
  editLabel: (point: string): string => `Ny værdi for ${point}`,
  save: 'Gem',
  cancel: 'Annuller',
  delete: 'Slet',
  deleteQuestion: 'Vil du slette målingen? Den bliver ikke sendt.',
  confirmDelete: 'Ja, slet',
  valueNotANumber: 'Indtast et tal, fx 1234,5',
  nothingWaiting: 'Der er ingen målinger, der venter.',
  storageFailed: 'Målingerne på enheden kunne ikke læses eller ændres. Prøv igen.',
} as const;
