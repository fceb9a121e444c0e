import { getLocale } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import type { SessionUser } from '@/lib/auth/sessions';
import { currentFilters, NO_VIEW, noViewHref, SAVED_VIEW_PARAM, type SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import { firstParam, type SearchParams } from '@/lib/domain/lists/list-params';
import { savedViewItems } from '@/lib/saved-views/view-service';
import { SavedViewsMenuClient } from './saved-views-menu-client';

/**
 * The one saved-views menu every list with saved views puts next to its filter bar: the views this user may see
 * (theirs and the team's), and saving the page's current filters under a name.
 */
export async function SavedViewsMenu({
  list,
  pathname,
  searchParams,
  user,
}: {
  list: SavedViewList;
  /** Where views open: the list's path (a subscription's page for webhook logs). */
  pathname: string;
  searchParams: SearchParams;
  user: Pick<SessionUser, 'id' | 'role'>;
}) {
  const items = await savedViewItems(user, list, pathname, await getLocale());
  const saved = firstParam(searchParams, SAVED_VIEW_PARAM);
  return (
    <IntlScope namespaces={['savedViews', 'validation']}>
      <SavedViewsMenuClient
        list={list}
        items={items}
        currentQuery={currentFilters(list, searchParams)}
        activeId={saved && saved !== NO_VIEW ? saved : null}
        noViewHref={noViewHref(pathname)}
      />
    </IntlScope>
  );
}
