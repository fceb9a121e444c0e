// Pure: the palette's actions and sections, filtered by what the role may do. Labels are catalogue keys
// (`palette.actions.<id>`, `shell.nav.<label>`), translated by the palette.
import { can, type Role, type Permission } from '@/lib/auth/permissions';
import { CONSOLE_ROUTES } from '@/lib/auth/routes';
import type { AppLocale } from '@/lib/i18n/config';

export type PaletteAction =
  | { id: 'newPayout' | 'convert' | 'inviteUser' | 'newTransfer' | 'newDeposit' | 'newBeneficiary' | 'newAccount'; kind: 'link'; href: string; permission: Permission }
  | { id: 'switchLocale'; kind: 'locale'; locale: AppLocale };

const LINK_ACTIONS = [
  { id: 'newPayout', kind: 'link', href: '/payouts/new', permission: 'payouts:request' },
  { id: 'convert', kind: 'link', href: '/convert', permission: 'operations:create' },
  { id: 'newTransfer', kind: 'link', href: '/transfers/new', permission: 'operations:create' },
  { id: 'newDeposit', kind: 'link', href: '/deposits/new', permission: 'operations:create' },
  { id: 'newBeneficiary', kind: 'link', href: '/beneficiaries/new', permission: 'beneficiaries:create' },
  { id: 'newAccount', kind: 'link', href: '/accounts/new', permission: 'accounts:create' },
  // The team page opens its "add user" dialog for `?invite=1`.
  { id: 'inviteUser', kind: 'link', href: '/team?invite=1', permission: 'team:manage' },
] as const satisfies readonly PaletteAction[];

/** The actions `role` may take, then the switch to the other language (every user may change their own). */
export function paletteActions(role: Role, locale: AppLocale): PaletteAction[] {
  const links: PaletteAction[] = LINK_ACTIONS.filter((a) => can(role, a.permission));
  return [...links, { id: 'switchLocale', kind: 'locale', locale: locale === 'en' ? 'pt-BR' : 'en' }];
}

export interface PaletteSection {
  href: string;
  /** Key of `shell.nav`. */
  label: string;
}

/** The sections in the nav the role may open ("go to …"). */
export function paletteSections(role: Role): PaletteSection[] {
  return CONSOLE_ROUTES.flatMap((r) => ('nav' in r && r.nav && can(role, r.permission) ? [{ href: r.pattern, label: r.nav.label }] : []));
}
