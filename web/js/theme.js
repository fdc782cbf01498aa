// Light, dark or the system's choice. The stylesheet picks its colours with
// light-dark(), which follows the root's color-scheme; "system" leaves the
// scheme to the browser.

export const THEMES = ['system', 'light', 'dark'];

export function applyTheme(theme) {
  const root = document.documentElement;
  if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
  else delete root.dataset.theme;
}
