import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickNamespaces, type Namespace } from '@/messages';

/**
 * Gives the client components below it the messages of `namespaces` (plus `common`, `status` and `errors`), and nothing else: a page's
 * client bundle and payload carry only the text its components use. Server components never need it (they call
 * getTranslations / useTranslations on the server with the whole catalogue). Locale and time zone are inherited
 * from the request (i18n/request.ts).
 *
 *   <IntlScope namespaces={['convert']}><QuoteForm /></IntlScope>   // QuoteForm: useTranslations('convert')
 */
export async function IntlScope({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickNamespaces(messages, ['common', 'status', 'errors', ...namespaces])}>{children}</NextIntlClientProvider>
  );
}
