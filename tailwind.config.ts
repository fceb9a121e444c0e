import type { Config } from 'tailwindcss';

// Semantic colour tokens; their values live in app/globals.css as CSS variables that switch with the theme,
// so components never need `dark:` variants for the basics.
const token = (name: string) => `var(--${name})`;

const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        bg: token('bg'),
        surface: token('surface'),
        'surface-muted': token('surface-muted'),
        'surface-inverse': token('surface-inverse'),
        border: token('border'),
        'border-strong': token('border-strong'),
        fg: token('fg'),
        'fg-muted': token('fg-muted'),
        'fg-subtle': token('fg-subtle'),
        'fg-inverse': token('fg-inverse'),
        accent: token('accent'),
        'accent-hover': token('accent-hover'),
        'accent-fg': token('accent-fg'),
        'accent-soft': token('accent-soft'),
        'accent-text': token('accent-text'),
        ring: token('ring'),
        danger: token('danger'),
        'danger-hover': token('danger-hover'),
        'danger-text': token('danger-text'),
        success: token('success'),
        warning: token('warning'),
        skeleton: token('skeleton'),
        'sandbox-bg': token('sandbox-bg'),
        'sandbox-fg': token('sandbox-fg'),
        ...Object.fromEntries(
          ['neutral', 'info', 'success', 'warning', 'danger'].flatMap((tone) =>
            ['bg', 'fg', 'ring'].map((part) => [`tone-${tone}-${part}`, token(`tone-${tone}-${part}`)]),
          ),
        ),
      },
      fontFamily: {
        // System fonts only: the console runs offline and must not fetch web fonts.
        sans: [
          'Inter',
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
        mono: ['ui-monospace', '"SF Mono"', '"JetBrains Mono"', 'Menlo', 'Consolas', '"Liberation Mono"', 'monospace'],
      },
    },
  },
};

export default config;
