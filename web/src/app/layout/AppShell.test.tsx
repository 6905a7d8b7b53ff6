import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexSource from '../../../index.html?raw';
import { AppShell } from './AppShell';

/** index.html without comments, with the whitespace between tags taken out. */
function indexHtml(): string {
  return indexSource.replace(/<!--[\s\S]*?-->/g, '').replace(/>\s+</g, '><');
}

describe('AppShell', () => {
  it('is exactly the shell index.html paints before the script runs', () => {
    expect(indexHtml()).toContain(`<div id="root">${renderToStaticMarkup(<AppShell />)}</div>`);
  });

  it('is plain markup: no inline script or style attribute the CSP would block', () => {
    const html = indexHtml();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });
});
