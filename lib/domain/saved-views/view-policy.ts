// Pure: who sees, edits and defaults which saved view, and which view a bare list URL opens with.
import { can, type Role } from '@/lib/auth/permissions';
import { LIST_READ_PERMISSION, type SavedViewList } from './list-schemas';

export interface SavedView {
  id: string;
  list: SavedViewList;
  name: string;
  /** Canonical query string without `?` (list-schemas.ts). */
  query: string;
  ownerId: string;
  ownerName: string;
  /** Shared with the whole team (every user who can read the list), or personal. */
  shared: boolean;
  /** The team's default for this list: set by an admin on a shared view, at most one per list. */
  teamDefault: boolean;
}

export interface Viewer {
  id: string;
  role: Role;
}

export function canReadList(viewer: Viewer, list: SavedViewList): boolean {
  return can(viewer.role, LIST_READ_PERMISSION[list]);
}

/** Own views and shared ones, and only on a list the viewer may read. */
export function canSee(viewer: Viewer, view: SavedView): boolean {
  return canReadList(viewer, view.list) && (view.ownerId === viewer.id || view.shared);
}

/** Rename, delete, share or unshare: the owner, or an admin for a shared view. */
export function canEdit(viewer: Viewer, view: SavedView): boolean {
  if (!canReadList(viewer, view.list)) return false;
  return view.ownerId === viewer.id || (view.shared && viewer.role === 'admin');
}

/** Only an admin sets the team's default, and only on a view the team can see. */
export function canSetTeamDefault(viewer: Viewer, view: SavedView): boolean {
  return viewer.role === 'admin' && view.shared && canReadList(viewer, view.list);
}

/**
 * The view a bare list URL opens with: the viewer's own choice of default (any view they can see) wins; without
 * one, the team default an admin set; without that, none. A default the viewer can no longer see (unshared,
 * deleted, role changed) counts as unset.
 */
export function resolveDefault(
  viewer: Viewer,
  list: SavedViewList,
  views: readonly SavedView[],
  personalDefaultId: string | null,
): SavedView | null {
  const visible = views.filter((v) => v.list === list && canSee(viewer, v));
  if (personalDefaultId) {
    const mine = visible.find((v) => v.id === personalDefaultId);
    if (mine) return mine;
  }
  return visible.find((v) => v.teamDefault) ?? null;
}

/** Mine first, then the team's; by name in the viewer's language. */
export function sortViews(viewer: Viewer, views: readonly SavedView[], locale: string): SavedView[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...views].sort((a, b) => {
    const ownA = a.ownerId === viewer.id ? 0 : 1;
    const ownB = b.ownerId === viewer.id ? 0 : 1;
    return ownA - ownB || collator.compare(a.name, b.name);
  });
}
