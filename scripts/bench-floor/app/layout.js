// Next wants a root layout: around bench:proxy's route handlers and bench:budget's bare page.
export const metadata = { title: 'Framework floor' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
