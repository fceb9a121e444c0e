// A page of bare Next with as many elements as a console list page (about 800: a nav of 20 links with icons, a header,
// a table of 40 rows), no client component and no code of ours — what hydrating that much markup costs in Next alone.
const icon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor">
    <path d="M3 12h18M3 6h18M3 18h18" />
  </svg>
);

export default function ContentFloorPage() {
  const links = Array.from({ length: 20 }, (_, i) => i);
  const rows = Array.from({ length: 40 }, (_, i) => i);
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif', display: 'flex' }}>
      <nav aria-label="Sections" style={{ width: 220, padding: 12 }}>
        <ul>
          {links.map((i) => (
            <li key={i}>
              <a href={`#section-${i}`}>
                {icon}
                <span>Section {i + 1}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main style={{ padding: 24 }}>
        <header>
          <h1>Content floor</h1>
          <p>A page of bare Next with the markup of a list page: what hydrating it costs the framework alone.</p>
        </header>
        <table>
          <caption>Rows</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i}>
                <td>
                  <time dateTime="2026-11-27T05:00:00Z">27/11/2026 02:0{i % 10}</time>
                </td>
                <td>
                  <span>user{i}@example.test</span>
                  <span> · admin</span>
                </td>
                <td>
                  <a href={`#row-${i}`}>
                    <span>payout.approved</span>
                  </a>
                </td>
                <td>
                  <span>R$ {1000 + i},00</span>
                </td>
                <td>
                  <span>
                    <span aria-hidden="true">●</span>
                    <span>Completed</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </div>
  );
}
