import { describe, expect, it } from 'vitest';
import { EDITOR_HISTORY, IMAGE_MIMETYPES, isBlankRichText, sanitizeImageSource, sanitizeLink } from './editorRules';

const base = 'https://market.example/adminPanel/upload-product';

describe('rich-text editor rules (docs/product-spec.md §5 and 9)', () => {
  it.each(['https://example.com/a?b=c', 'http://example.com', 'mailto:studio@example.com', 'tel:+15550100', 'example.com/page'])(
    'keeps the link %s',
    (url) => expect(sanitizeLink(url, base)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<b>x</b>',
    'sms:+15550100',
    'ftp://example.com',
    'vbscript:x',
  ])('blanks the link %s', (url) => expect(sanitizeLink(url, base)).toBe('about:blank'));

  it('allows image sources over http, https and data only', () => {
    expect(sanitizeImageSource('data:image/png;base64,iVBORw0KGgo=', base)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(sanitizeImageSource('https://cdn.example/a.png', base)).toBe('https://cdn.example/a.png');
    expect(sanitizeImageSource('javascript:alert(1)', base)).toBe('//:0');
  });

  it("uses Quill 1's image types and history limits", () => {
    expect([...IMAGE_MIMETYPES]).toEqual(['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon']);
    expect(EDITOR_HISTORY).toMatchObject({ delay: 1000, maxStack: 100 });
  });

  it('treats an empty Quill document as blank, but not a lone image', () => {
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankRichText('<p><img src="data:image/png;base64,AA=="></p>')).toBe(false);
    expect(isBlankRichText('<p>Hi</p>')).toBe(false);
  });
});
