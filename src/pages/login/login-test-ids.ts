/** Test ids of the login page. */
export const LOGIN_TEST_IDS = {
  username: 'login-username',
  password: 'login-password',
  code: 'login-code',
  codeImage: 'login-code-image',
  submit: 'login-submit',
  error: 'login-error',
  app: 'login-app',
  appQr: 'login-app-qr',
  appLink: 'login-app-link',
} as const;
