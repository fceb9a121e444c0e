import Link from 'next/link';
import { BRAND_LINK_CLASS, BrandMark } from './brand-mark';

/** The console's mark and name, a link home (the console's and the status pages' header). */
export function Brand() {
  return (
    <Link href="/" className={BRAND_LINK_CLASS}>
      <BrandMark />
    </Link>
  );
}
