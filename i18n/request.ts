import { getRequestConfig } from 'next-intl/server';
import { getRequestIntl } from '@/lib/i18n/request-context';
import { loadMessages } from '@/messages';

// next-intl without i18n routing: URLs carry no locale; each request's locale and time zone come from the user.
export default getRequestConfig(async () => {
  const { locale, timeZone } = await getRequestIntl();
  return { locale, timeZone, messages: await loadMessages(locale) };
});
