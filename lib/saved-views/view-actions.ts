'use server';

import { actionClient, type ActionContext } from '@/lib/actions/safe-action';
import { DomainError } from '@/lib/errors';
import { checkViewQuery, type SavedViewList } from '@/lib/domain/saved-views/list-schemas';
import { canEdit, canReadList, canSee, canSetTeamDefault, type SavedView } from '@/lib/domain/saved-views/view-policy';
import { renameViewSchema, saveViewSchema, setDefaultSchema, setTeamDefaultSchema, viewIdSchema } from '@/lib/domain/saved-views/view-schema';
import { isUuid } from '@/lib/validation/uuid';
import { deleteView, getView, insertView, nameTaken, setPersonalDefault, setTeamDefault, updateView } from './view-store';

async function refuse(code: 'LIST_FORBIDDEN' | 'VIEW_FORBIDDEN' | 'VIEW_NOT_FOUND'): Promise<never> {
  throw new DomainError(code, { httpStatus: code === 'VIEW_NOT_FOUND' ? 404 : 403 });
}

function requireList(ctx: ActionContext, list: SavedViewList): Promise<void> | void {
  if (!canReadList(ctx.user, list)) return refuse('LIST_FORBIDDEN');
}

/** The view if this user may see it; a view they may not see answers exactly like one that does not exist. */
async function visibleView(ctx: ActionContext, id: string): Promise<SavedView> {
  const view = isUuid(id) ? await getView(id) : null;
  if (!view || !canSee(ctx.user, view)) return refuse('VIEW_NOT_FOUND');
  ctx.audit.target = view.id;
  return view;
}

async function editableView(ctx: ActionContext, id: string): Promise<SavedView> {
  const view = await visibleView(ctx, id);
  if (!canEdit(ctx.user, view)) return refuse('VIEW_FORBIDDEN');
  return view;
}

async function assertNameFree(ownerId: string, list: SavedViewList, name: string, exceptId?: string): Promise<void> {
  if (await nameTaken(ownerId, list, name, exceptId)) {
    throw new DomainError('VIEW_NAME_TAKEN', { fields: { name: 'VIEW_NAME_TAKEN' }, httpStatus: 409 });
  }
}

/** Saves the list's current filters under a name; the query is re-validated against the list's schema here. */
export const saveViewAction = actionClient
  .metadata({ name: 'savedViews.save' })
  .inputSchema(saveViewSchema)
  .action(async ({ parsedInput, ctx }) => {
    await requireList(ctx, parsedInput.list);
    const checked = checkViewQuery(parsedInput.list, parsedInput.query);
    if (!checked.ok) {
      throw new DomainError('INVALID_VIEW_QUERY', { values: { reason: checked.reason }, httpStatus: 422 });
    }
    await assertNameFree(ctx.user.id, parsedInput.list, parsedInput.name);
    const id = await insertView({
      list: parsedInput.list,
      name: parsedInput.name,
      query: checked.query,
      ownerId: ctx.user.id,
      shared: parsedInput.shared,
    });
    if (parsedInput.makeDefault) await setPersonalDefault(ctx.user.id, parsedInput.list, id);
    ctx.audit.target = id;
    ctx.audit.details = { list: parsedInput.list, shared: parsedInput.shared, query: checked.query };
    return { id };
  });

export const renameViewAction = actionClient
  .metadata({ name: 'savedViews.rename' })
  .inputSchema(renameViewSchema)
  .action(async ({ parsedInput, ctx }) => {
    const view = await editableView(ctx, parsedInput.id);
    await assertNameFree(view.ownerId, view.list, parsedInput.name, view.id);
    await updateView(view.id, { name: parsedInput.name });
    ctx.audit.details = { list: view.list, from: view.name, to: parsedInput.name };
    return { id: view.id };
  });

export const shareViewAction = actionClient
  .metadata({ name: 'savedViews.share' })
  .inputSchema(setTeamDefaultSchema)
  .action(async ({ parsedInput, ctx }) => {
    const view = await editableView(ctx, parsedInput.id);
    await updateView(view.id, { shared: parsedInput.on });
    ctx.audit.details = { list: view.list, shared: parsedInput.on };
    return { id: view.id };
  });

export const deleteViewAction = actionClient
  .metadata({ name: 'savedViews.delete' })
  .inputSchema(viewIdSchema)
  .action(async ({ parsedInput, ctx }) => {
    const view = await editableView(ctx, parsedInput.id);
    await deleteView(view.id);
    ctx.audit.details = { list: view.list, name: view.name };
    return { id: view.id };
  });

/** The user's own default for a list (any view they can see), or none. */
export const setDefaultViewAction = actionClient
  .metadata({ name: 'savedViews.setDefault' })
  .inputSchema(setDefaultSchema)
  .action(async ({ parsedInput, ctx }) => {
    await requireList(ctx, parsedInput.list);
    if (parsedInput.id !== null) {
      const view = await visibleView(ctx, parsedInput.id);
      if (view.list !== parsedInput.list) await refuse('VIEW_NOT_FOUND');
    }
    await setPersonalDefault(ctx.user.id, parsedInput.list, parsedInput.id);
    ctx.audit.details = { list: parsedInput.list, viewId: parsedInput.id };
    return { id: parsedInput.id };
  });

/** The team's default for a list: admins only, on a shared view. */
export const setTeamDefaultAction = actionClient
  .metadata({ name: 'savedViews.setTeamDefault' })
  .inputSchema(setTeamDefaultSchema)
  .action(async ({ parsedInput, ctx }) => {
    const view = await visibleView(ctx, parsedInput.id);
    if (!canSetTeamDefault(ctx.user, view)) await refuse('VIEW_FORBIDDEN');
    await setTeamDefault(view, parsedInput.on);
    ctx.audit.details = { list: view.list, on: parsedInput.on };
    return { id: view.id };
  });
