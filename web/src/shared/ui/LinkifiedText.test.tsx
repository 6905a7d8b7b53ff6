import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './LinkifiedText';

const PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<a href="javascript:alert(1)">жми</a>',
  'javascript:alert(document.cookie)',
  'https://evil.example/"><svg onload=alert(1)>',
];

describe('LinkifiedText', () => {
  it('renders XSS payloads as visible text: no element but the http(s) anchors', () => {
    for (const payload of PAYLOADS) {
      const { container, unmount } = render(<LinkifiedText text={payload} rel="nofollow ugc noopener" />);
      expect(container.textContent).toBe(payload);
      expect(container.querySelectorAll('script, img, svg')).toHaveLength(0);
      for (const anchor of container.querySelectorAll('a')) expect(anchor.getAttribute('href')).toMatch(/^https?:\/\//);
      unmount();
    }
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('makes http(s) addresses links with the given rel, in a new tab', () => {
    const { getByRole } = render(<LinkifiedText text={'Смотри https://example.com/a.\nвторая строка'} rel="nofollow ugc noopener" />);
    const link = getByRole('link', { name: 'https://example.com/a' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
