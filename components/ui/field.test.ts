import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';

describe('Field', () => {
  it('wires hint and error to the control with aria-describedby and aria-invalid', () => {
    const html = renderToStaticMarkup(
      Field({ id: 'email', label: 'E-mail', hint: 'Work address', error: 'Enter an e-mail', children: createElement(Input, { name: 'email' }) }),
    );
    expect(html).toContain('for="email"');
    expect(html).toMatch(/<input[^>]*id="email"[^>]*>/);
    expect(html).toMatch(/<input[^>]*aria-describedby="email-hint email-error"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toContain('id="email-error"');
    expect(html).toContain('Enter an e-mail');
  });

  it('leaves the control valid and undescribed without hint or error', () => {
    const html = renderToStaticMarkup(
      Field({ id: 'name', label: 'Name', children: (p) => createElement('input', { ...p, name: 'name' }) }),
    );
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
    expect(html).toMatch(/<input[^>]*id="name"/);
  });
});
