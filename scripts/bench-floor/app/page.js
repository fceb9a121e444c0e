// The page of the framework floor of `npm run bench:budget`: a header and a paragraph, no client component, no code
// of ours — what Next itself (React DOM, its router, hydration) costs a page, measured by Lighthouse in the same run.
export default function FloorPage() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Framework floor</h1>
      <p>A page of bare Next, with nothing of the console: its score is what the framework alone reaches on this machine.</p>
    </main>
  );
}
