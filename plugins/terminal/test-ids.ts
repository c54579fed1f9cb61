/** Test ids of the terminal page. */
export const TERMINAL_TEST_IDS = {
  page: 'terminal',
  robot: 'terminal-robot',
  screen: 'terminal-screen',
  state: 'terminal-state',
  reconnect: 'terminal-reconnect',
  error: 'terminal-error',
  staticRobot: 'terminal-static',
} as const;
