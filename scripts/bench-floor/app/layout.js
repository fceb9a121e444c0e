// Next wants a root layout; the floor app serves route handlers only.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
