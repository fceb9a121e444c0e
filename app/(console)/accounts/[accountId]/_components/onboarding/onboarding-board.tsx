import { getLocale, getTranslations } from 'next-intl/server';
import { IntlScope } from '@/components/i18n/intl-scope';
import { LiveRefresh } from '@/components/live/live-refresh';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { MAX_DOCUMENT_BYTES } from '@/lib/domain/accounts/document-file';
import {
  BOARD_BUCKETS,
  buildRequirementBoard,
  isSidedDocument,
  type BoardBucket,
  type BoardItem,
  type WireRequirements,
} from '@/lib/domain/accounts/requirement-board';
import { countryOptions } from '@/lib/domain/address/countries';
import { AddOwnerSection, LazyDocumentUploader } from './lazy-controls';
import { ReviewFollower } from './review-follower';
import { SubmitReview } from './submit-review';

const TONES: Record<BoardBucket, BadgeTone> = { currentlyDue: 'warning', errors: 'danger', pendingVerification: 'info', satisfied: 'success' };
const WIDE = new Set<BoardBucket>(['currentlyDue', 'errors']);
/** While the service reviews or opens the account the page follows it. */
const FOLLOWED = new Set(['REVIEWING', 'OPENING']);

export interface BoardAccount {
  id: string;
  status: string;
  requirements: WireRequirements;
  ubos: { id: string; name: string; ownershipPercentage?: number | null }[];
}

type T = Awaited<ReturnType<typeof getTranslations<'onboarding'>>>;

function docTitle(t: T, type: string): string {
  return t.has(`documents.${type}.title`) ? t(`documents.${type}.title`) : type;
}

function itemTitle(t: T, item: BoardItem): string {
  if (item.kind === 'UBO_VERIFICATION') return t('item.uboVerification');
  if (item.kind === 'DOCUMENT') return docTitle(t, item.documentTypes[0]);
  if (item.kind === 'DOCUMENT_GROUP') {
    if (item.group && t.has(`groups.${item.group}`)) return t(`groups.${item.group}`);
    return item.documentTypes.map((d) => docTitle(t, d)).join(' / ');
  }
  return t('item.unknownType', { type: item.documentTypes[0] ?? 'OTHER' });
}

function holderName(t: T, item: BoardItem): string {
  if (item.holder.type === 'ACCOUNT') return t('board.holderAccount');
  return item.holder.name ?? t('board.holderUnknownUbo', { id: item.holder.referenceId });
}

function metadataLabel(t: T, key: string): string {
  return t.has(`metadataFields.${key}`) ? t(`metadataFields.${key}`) : key;
}

/** What the item needs, in plain words: the document, the options, sides, metadata, formats, why it was refused. */
function ItemDetails({ t, item }: { t: T; item: BoardItem }) {
  const lines: { key: string; text: string; tone?: 'danger' }[] = [];
  // What to send is said while the item is open; once sent, the item says what answered it.
  const open = item.bucket === 'currentlyDue' || item.bucket === 'errors';
  if (open && item.kind === 'DOCUMENT' && t.has(`documents.${item.documentTypes[0]}.description`)) {
    lines.push({ key: 'desc', text: t(`documents.${item.documentTypes[0]}.description`) });
  }
  if (open && item.kind === 'DOCUMENT_GROUP') lines.push({ key: 'options', text: t('item.oneOf', { options: item.documentTypes.map((d) => docTitle(t, d)).join(', ') }) });
  if (item.kind === 'UBO_VERIFICATION' && item.bucket !== 'satisfied') {
    lines.push({ key: 'ubo', text: item.bucket === 'pendingVerification' ? t('item.uboVerificationPending') : t('item.uboVerificationDue') });
  }
  if (open && item.documentTypes.some(isSidedDocument)) lines.push({ key: 'sided', text: t('item.sidedNote') });
  if (item.dueSide && item.startedDocumentType) {
    lines.push({ key: 'side', text: t('item.dueSide', { side: t(`sides.${item.dueSide}`), document: docTitle(t, item.startedDocumentType) }) });
  }
  if (open && item.requiredMetadata.length) {
    lines.push({ key: 'meta', text: t('item.asksFor', { fields: item.requiredMetadata.map((k) => metadataLabel(t, k)).join(', ') }) });
  }
  if (open && item.documentTypes.length) lines.push({ key: 'accepted', text: t('item.accepted', { maxMb: MAX_DOCUMENT_BYTES / 1_000_000 }) });
  if (item.reason) {
    const reason = t.has(`reasons.${item.reason.code}`) ? t(`reasons.${item.reason.code}`) : (item.reason.message ?? item.reason.code);
    lines.push({ key: 'reason', text: t('item.reason', { reason }), tone: 'danger' });
    if (item.uploadable) lines.push({ key: 'instead', text: t('item.sendInstead') });
  }
  if (item.answeredBy) {
    const details = Object.entries(item.answeredBy.metadata)
      .map(([k, v]) => `${metadataLabel(t, k)}: ${v}`)
      .join(', ');
    const document = docTitle(t, item.answeredBy.documentType);
    lines.push({ key: 'answered', text: details ? t('item.answeredByWith', { document, details }) : t('item.answeredBy', { document }) });
  }
  return (
    <>
      {lines.map((l) => (
        <p key={l.key} className={l.tone === 'danger' ? 'text-sm font-medium text-danger-text' : 'text-sm text-fg-muted'}>
          {l.text}
        </p>
      ))}
    </>
  );
}

/**
 * The onboarding board on the account page: requirement items by status and by holder, with (for compliance
 * and admin, while the account is ACTION_REQUIRED) an upload control per item, the add-owner form and the
 * review submission; everyone else sees it read-only. Follows the review until the account is active.
 */
export async function OnboardingBoard({
  account,
  canDocuments,
  canReview,
  since,
}: {
  account: BoardAccount;
  canDocuments: boolean;
  canReview: boolean;
  /** The live cursor read before the account (LiveRefresh `since`). */
  since: number;
}) {
  const t = await getTranslations('onboarding');
  const countries = countryOptions(await getLocale());
  const board = buildRequirementBoard({ accountId: account.id, status: account.status, requirements: account.requirements, ubos: account.ubos });
  const editable = account.status === 'ACTION_REQUIRED';
  const following = FOLLOWED.has(account.status);
  const names = (items: BoardItem[]) => items.map((i) => (i.holder.type === 'UBO' ? t('board.itemOf', { item: itemTitle(t, i), holder: holderName(t, i) }) : itemTitle(t, i))).join('; ');
  const blockedReason = board.review.canSubmit
    ? null
    : board.review.block === 'ITEMS_IN_ERRORS'
      ? t('review.blockedErrors', { items: names(board.review.items) })
      : board.review.block === 'ITEMS_DUE'
        ? t('review.blockedDue', { items: names(board.review.items) })
        : null;

  return (
    <Card data-testid="onboarding-board">
      <CardHeader title={t('board.title')} description={t('board.description')} />
      <CardBody className="space-y-6">
        <IntlScope namespaces={['onboarding', 'validation', 'address']}>
          {/* ASSET_ACTIVATED (resource ACCOUNT) refreshes at once; the service publishes no event for REVIEWING →
              OPENING or a rejection back to ACTION_REQUIRED, so those are polled while the review runs. */}
          <LiveRefresh resources={[{ kind: 'ACCOUNT', id: account.id }]} active={following} since={since} />
          <ReviewFollower active={following} />
          {!canDocuments && editable ? <p className="text-sm text-fg-muted">{t('board.readOnly')}</p> : null}
          {account.status === 'REVIEWING' ? (
            <p role="status" className="text-sm font-medium text-fg">
              {t('review.reviewing')}
            </p>
          ) : null}
          {account.status === 'OPENING' ? (
            <p role="status" className="text-sm font-medium text-fg">
              {t('review.opening')}
            </p>
          ) : null}
          {board.items.length === 0 ? <p className="text-sm text-fg-muted">{t('board.noRequirements')}</p> : null}

          <section aria-labelledby="onb-by-status" className="space-y-3">
            <h3 id="onb-by-status" className="text-sm font-semibold text-fg">
              {t('board.byStatus')}
            </h3>
            {/* What needs action (due, rejected) across the whole width; what is waiting or done side by side. */}
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {BOARD_BUCKETS.map((bucket) => {
                const items = board.byBucket[bucket];
                return (
                  <section
                    key={bucket}
                    aria-labelledby={`onb-bucket-${bucket}`}
                    data-testid={`onb-bucket-${bucket}`}
                    className={`min-w-0 rounded-lg border border-border p-3 ${WIDE.has(bucket) ? 'lg:col-span-2' : ''}`}
                  >
                    <div className="mb-1 flex items-center justify-between gap-2">
                      <h4 id={`onb-bucket-${bucket}`} className="text-sm font-semibold text-fg">
                        {t(`board.buckets.${bucket}`)}
                      </h4>
                      <Badge tone={items.length ? TONES[bucket] : 'neutral'}>{items.length}</Badge>
                    </div>
                    <p className="mb-2 text-xs text-fg-muted">{t(`board.bucketHelp.${bucket}`)}</p>
                    {items.length ? (
                      <ul className="space-y-2">
                        {items.map((item) => {
                          const title = itemTitle(t, item);
                          return (
                            <li key={item.key} className="rounded-md border border-border px-3 py-2" data-testid="onb-item" data-item-title={title}>
                              <p className="text-sm font-medium text-fg">
                                {title}
                                {item.holder.type === 'UBO' ? (
                                  <span className="ml-1 font-normal text-fg-muted">{t('board.forHolder', { holder: holderName(t, item) })}</span>
                                ) : null}
                              </p>
                              <ItemDetails t={t} item={item} />
                              {canDocuments && item.uploadable ? (
                                <LazyDocumentUploader
                                  accountId={account.id}
                                  itemTitle={item.holder.type === 'UBO' ? t('board.itemOf', { item: title, holder: holderName(t, item) }) : title}
                                  countries={countries}
                                  item={{
                                    key: item.key,
                                    documentTypes: item.documentTypes,
                                    startedDocumentType: item.startedDocumentType,
                                    dueSide: item.dueSide,
                                    requiredMetadata: item.requiredMetadata,
                                    holder: item.holder,
                                  }}
                                />
                              ) : null}
                            </li>
                          );
                        })}
                      </ul>
                    ) : (
                      <p className="text-sm text-fg-muted">{t('board.empty')}</p>
                    )}
                  </section>
                );
              })}
            </div>
          </section>

          <section aria-labelledby="onb-by-holder" className="space-y-3">
            <h3 id="onb-by-holder" className="text-sm font-semibold text-fg">
              {t('board.byHolder')}
            </h3>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {board.byHolder.map((group) => (
                <section
                  key={group.holder.referenceId}
                  aria-labelledby={`onb-holder-${group.holder.referenceId}`}
                  data-testid="onb-holder"
                  className="min-w-0 rounded-lg border border-border p-3"
                >
                  <h4 id={`onb-holder-${group.holder.referenceId}`} className="mb-2 text-sm font-medium text-fg">
                    {group.holder.type === 'ACCOUNT' ? t('board.holderAccount') : t('board.holderUbo', { name: group.holder.name ?? group.holder.referenceId })}
                  </h4>
                  {group.items.length ? (
                    <ul className="space-y-1">
                      {group.items.map((item) => (
                        <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg">
                          <span>{itemTitle(t, item)}</span>
                          <Badge tone={TONES[item.bucket]}>{t(`board.buckets.${item.bucket}`)}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-fg-muted">{t('board.empty')}</p>
                  )}
                </section>
              ))}
            </div>
          </section>

          {canDocuments && editable ? (
            <section className="rounded-lg border border-border p-4">
              <AddOwnerSection
                accountId={account.id}
                existingOwnership={account.ubos.map((u) => u.ownershipPercentage ?? null)}
                countries={countries}
              />
            </section>
          ) : null}

          {canReview && editable ? (
            <section aria-labelledby="onb-review" className="space-y-2 rounded-lg border border-border p-4">
              <h3 id="onb-review" className="text-sm font-semibold text-fg">
                {t('review.title')}
              </h3>
              <SubmitReview accountId={account.id} blockedReason={blockedReason} />
            </section>
          ) : null}
        </IntlScope>
      </CardBody>
    </Card>
  );
}
