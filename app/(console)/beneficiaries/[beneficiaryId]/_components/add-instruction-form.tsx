'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { InstructionFields } from '@/components/beneficiaries/instruction-fields';
import { showFailure } from '@/components/forms/show-failure';
import { lazySchema, useForm } from '@/components/forms/use-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { useIdempotencyKey } from '@/components/forms/use-idempotency-key';
import { Alert } from '@/components/ui/alert';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { readActionResult } from '@/lib/actions/result';
import { catalogueTranslator } from '@/lib/errors';
import type { InstructionValues } from '@/lib/domain/beneficiaries/schema';
import { useErrorsTranslator } from '@/components/i18n/use-errors-translator';
import { addInstructionAction } from '../../actions';

const FIELDS = ['asset', 'dictKeyType', 'dictKey'] as const;

// zod and the schema load on the form's first focus, not with the beneficiary page (first-load JS budget).
const schema = lazySchema<InstructionValues>(async () => (await import('@/lib/domain/beneficiaries/schema')).instructionSchema);
// The service names the body's fields (`dictKey`); its nested paths, if any, lose their `paymentInstruction.` prefix.
const RENAMES = [['paymentInstruction.', '']] as const;

/** Compliance adds another PIX key to a beneficiary; it starts pending review and the list above shows it at once. */
export function AddInstructionForm({ beneficiaryId }: { beneficiaryId: string }) {
  const t = useTranslations('beneficiaries.add');
  const errorsT = catalogueTranslator(useErrorsTranslator());
  const router = useRouter();
  const { toast } = useToast();
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const [failure, setFailure] = useState<{ sentence: string; requestId: string | null } | null>(null);
  const form = useForm<InstructionValues>({
    defaultValues: { asset: 'BRL', dictKeyType: '' as InstructionValues['dictKeyType'], dictKey: '' },
    schema,
  });
  const isSubmitting = form.submitting;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = readActionResult(await addInstructionAction({ ...values, beneficiaryId, idempotencyKey }));
    if (outcome.ok) {
      // The next key is another intent: a new idempotency key and an empty form.
      renew();
      form.reset();
      toast({ tone: 'success', title: t('added') });
      router.refresh();
      return;
    }
    const sentence = showFailure(form, outcome.failure, errorsT, FIELDS, RENAMES);
    if (sentence) setFailure({ sentence, requestId: outcome.failure.requestId ?? null });
  });

  return (
    <form onSubmit={onSubmit} onFocus={form.preload} noValidate data-testid="add-instruction-form">
      <Card>
        <CardHeader title={t('title')} description={t('description')} />
        <CardBody className="grid gap-4 md:grid-cols-2">
          {failure ? (
            <Alert tone="error" title={t('notAdded')} requestId={failure.requestId} className="md:col-span-2">
              {failure.sentence}
            </Alert>
          ) : null}
          <InstructionFields form={form} name="" />
        </CardBody>
        <CardFooter>
          <SubmitButton loading={isSubmitting}>{isSubmitting ? t('submitting') : t('submit')}</SubmitButton>
        </CardFooter>
      </Card>
    </form>
  );
}
