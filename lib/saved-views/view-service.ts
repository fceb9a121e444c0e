import 'server-only';
import { redirect } from 'next/navigation';
import type { SessionUser } from '@/lib/auth/sessions';
import { isBareUrl, openableQuery, viewHref, type SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import {
  canEdit,
  canReadList,
  canSee,
  canSetTeamDefault,
  resolveDefault,
  sortViews,
  type SavedView,
} from '@/lib/domain/saved-views/view-policy';
import { listViews, personalDefaultId } from './view-store';

/** One saved view as the menu shows it: where it opens and what this viewer may do with it. */
export interface SavedViewItem {
  id: string;
  name: string;
  /** Null when nothing of the stored filters is valid any more: shown, not openable. */
  href: string | null;
  mine: boolean;
  ownerName: string;
  shared: boolean;
  teamDefault: boolean;
  myDefault: boolean;
  canEdit: boolean;
  canSetTeamDefault: boolean;
}

type Viewer = Pick<SessionUser, 'id' | 'role'>;

async function visibleViews(viewer: Viewer, list: SavedViewList): Promise<{ views: SavedView[]; defaultId: string | null }> {
  if (!canReadList(viewer, list)) return { views: [], defaultId: null };
  const [rows, defaultId] = await Promise.all([listViews(list, viewer.id), personalDefaultId(viewer.id, list)]);
  return { views: rows.filter((v) => canSee(viewer, v)), defaultId };
}

/** The views the menu lists for `list` at `pathname` (a subscription's page for webhook logs). */
export async function savedViewItems(viewer: Viewer, list: SavedViewList, pathname: string, locale: string): Promise<SavedViewItem[]> {
  const { views, defaultId } = await visibleViews(viewer, list);
  const effective = resolveDefault(viewer, list, views, defaultId);
  return sortViews(viewer, views, locale).map((v) => {
    const query = openableQuery(list, v.query);
    return {
      id: v.id,
      name: v.name,
      href: query ? viewHref(pathname, query, v.id) : null,
      mine: v.ownerId === viewer.id,
      ownerName: v.ownerName,
      shared: v.shared,
      teamDefault: v.teamDefault,
      myDefault: effective?.id === v.id,
      canEdit: canEdit(viewer, v),
      canSetTeamDefault: canSetTeamDefault(viewer, v),
    };
  });
}

/**
 * A list opened with no query string at all opens the viewer's default view instead (their own choice, else the
 * team's): a redirect to the view's URL, so the URL keeps saying which filters are on.
 */
export async function redirectToDefaultView(
  viewer: Viewer,
  list: SavedViewList,
  pathname: string,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<void> {
  if (!isBareUrl(searchParams)) return;
  const { views, defaultId } = await visibleViews(viewer, list);
  const view = resolveDefault(viewer, list, views, defaultId);
  const query = view ? openableQuery(list, view.query) : null;
  if (view && query) redirect(viewHref(pathname, query, view.id));
}
