/**
 * The approval policy in words, one sentence a tier and the daily cap's last: the saved policy on /payouts (worded on
 * the server) and the draft in the editor (worded as the admin types). Only lays out sentences it is handed.
 */
export function PolicyInWords({ title, sentences }: { title: string; sentences: readonly string[] }) {
  return (
    <section aria-labelledby="policy-in-words">
      <h3 id="policy-in-words" className="text-sm font-semibold text-fg">
        {title}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="policy-sentences">
        {sentences.map((sentence, i) => (
          <li key={i}>{sentence}</li>
        ))}
      </ul>
    </section>
  );
}
