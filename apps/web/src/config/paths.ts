/** Every route path of the app. */
export const paths = {
  root: '/',
  login: '/login',
  accountSelect: '/login/accountselect',
  resetPassword: '/login/resetpassword',
  home: '/home',
  administration: '/administration',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
