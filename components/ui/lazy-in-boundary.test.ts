import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyInBoundary } from './lazy-in-boundary';

function Part({ name }: { name: string }) {
  return createElement('p', { 'data-testid': 'part' }, `Hello, ${name}`);
}

async function serverHtml(element: ReturnType<typeof createElement>): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

describe('lazyInBoundary', () => {
  it('sends the part rendered by the server, with its props, never a boundary it gave up on', async () => {
    const Lazy = lazyInBoundary(async () => Part, createElement('span', null, 'loading'));
    const html = await serverHtml(createElement('main', null, createElement(Lazy, { name: 'Ana' })));
    expect(html).toContain('<!--$--><p data-testid="part">Hello, Ana</p><!--/$-->');
    // `<!--$!-->` is what next/dynamic with `ssr: false` sends: React throws it away and draws the part again.
    expect(html).not.toContain('<!--$!-->');
  });

  it('keeps the part in a boundary of its own: what surrounds it is sent whole before the part comes', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Lazy = lazyInBoundary(async () => {
      await arrived;
      return Part;
    }, createElement('span', null, 'loading'));
    const stream = await renderToReadableStream(createElement('main', null, createElement('h1', null, 'Page'), createElement(Lazy, { name: 'Bia' })));
    const reader = stream.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    // The shell is out with the fallback in the part's place; the part follows in the same response.
    expect(first).toContain('<h1>Page</h1>');
    expect(first).toContain('<span>loading</span>');
    expect(first).not.toContain('Hello');
    arrive();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('Hello, Bia');
  });

  it('fetches the part once, however often it renders', async () => {
    const load = vi.fn(async () => Part);
    const Lazy = lazyInBoundary(load, null);
    await serverHtml(createElement(Lazy, { name: 'A' }));
    await serverHtml(createElement(Lazy, { name: 'B' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
