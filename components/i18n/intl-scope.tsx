import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickNamespaces, type Namespace } from '@/messages';

/**
 * Gives the client components below it the messages of `namespaces` (plus `common` and `status`), and nothing else: a page's
 * client bundle and payload carry only the text its components use. Server components never need it (they call
 * getTranslations / useTranslations on the server with the whole catalogue). Locale and time zone are inherited
 * from the request (i18n/request.ts). The `errors` catalogue is not among the defaults: it words failures, which come
 * after a page has loaded, and client components load it in a chunk of their own (./use-errors-translator.ts). A page
 * whose client part shows a failure as it loads (the sign-in page) names `errors` here.
 *
 *   <IntlScope namespaces={['convert']}><QuoteForm /></IntlScope>   // QuoteForm: useTranslations('convert')
 */
export async function IntlScope({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickNamespaces(messages, ['common', 'status', ...namespaces])}>{children}</NextIntlClientProvider>
  );
}
