/** Cookie holding the user's explicit theme choice; absent means "follow the OS". Read on the server so the first paint is right without an inline script (CSP allows nonce scripts only). */
export const THEME_COOKIE = 'theme';

export type ThemeChoice = 'light' | 'dark' | 'system';

export function parseTheme(value: string | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The class on <html> for a choice; `theme-system` lets a media query pick. */
export function themeClass(choice: ThemeChoice): string {
  return choice === 'system' ? 'theme-system' : choice;
}
