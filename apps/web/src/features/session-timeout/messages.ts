export const sessionTimeoutMessages = {
  title: 'Log ud',
  /** Followed by the time left as m:ss. */
  autoLogoutIn: 'Du bliver automatisk logget ud om',
  stayLoggedIn: 'Forbliv logget ind',
} as const;
