/** Every route path of the app. */
export const paths = {
  root: '/',
  login: '/login',
  accountSelect: '/login/accountselect',
  resetPassword: '/login/resetpassword',
  forgotPassword: '/glemt-adgangskode',
  /**
   * The page a set-password link in an e-mail opens (reset or invitation), the token in its fragment:
   * the contract's SET_PASSWORD_PATH, written out since the build config reads this file without it.
   */
  setPassword: '/ny-adgangskode',
  /** The public page a resident's self-reading link opens, the token in its fragment (SELF_READING_PATH). */
  selfReading: '/aflaesning',
  home: '/home',
  administration: '/administration',
  /** The signed-in person's own data to download (ADR 040), linked from the footer while signed in. */
  myData: '/mine-data',
  /** Public pages (ADR 038), signed in or not, linked from every page's footer. */
  accessibility: '/tilgaengelighed',
  privacy: '/privatliv',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * Administration's sections, each a route of its own under `paths.administration`, in the order its
 * navigation lists them; `/administration` itself leads to the first.
 */
export const administrationPaths = {
  status: '/administration/status',
  review: '/administration/kontrol',
  import: '/administration/import',
  export: '/administration/eksport',
  meters: '/administration/maalere',
  tasks: '/administration/opgaver',
  selfReading: '/administration/selvaflaesning',
  users: '/administration/brugere',
  emails: '/administration/e-mails',
  log: '/administration/log',
  apiKeys: '/administration/api-noegler',
} as const;

export type AdministrationSection = keyof typeof administrationPaths;

/** Screens whose sections are routes below their own path: a change of section keeps the screen. */
export const sectionedScreens: readonly string[] = [paths.administration];
