/** The team's client parts (add, role, disable, unlock) word their dialogs, toasts and field errors from these. */
export const TEAM_CLIENT_NAMESPACES = ['team', 'shell', 'validation', 'controlChanges'] as const;
