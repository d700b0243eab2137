// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { unityReport } from '../fixtures';
import { LanguageBar } from './LanguageBar';

describe('LanguageBar', () => {
  afterEach(cleanup);

  it('hides the coloured bar from screen readers and lists each language with its percent and lines', () => {
    const { languages, vendored, documentation } = unityReport();
    const { container } = render(<LanguageBar languages={languages} vendored={vendored} documentation={documentation} />);

    const bar = container.querySelector('.language-bar')!;
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect([...bar.children].map((segment) => (segment as HTMLElement).style.width)).toEqual(['91.6%', '8.4%']);

    const items = within(screen.getByRole('list', { name: 'Languages of the own code' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['C# 91.6% · 92 lines in 2 files', 'ShaderLab 8.4% · 8 lines in 1 file']);
    expect(screen.getByRole('heading', { name: 'Bundled third-party and generated code' })).toBeTruthy();
    expect(screen.getByText(/Counted apart: 12,345 lines in 3 files in Assets\/TextMesh Pro, Library\./)).toBeTruthy();
    const bundled = within(screen.getByRole('list', { name: 'Languages of the bundled code' })).getAllByRole('listitem');
    expect(bundled.map((item) => item.textContent)).toEqual(['C# 96.0% · 12,000 lines', 'HLSL 4.0% · 345 lines']);
    expect(screen.getByText('Documentation, also apart: 2 files.')).toBeTruthy();
  });

  it('says so when no language was recognised and nothing was vendored', () => {
    render(
      <LanguageBar languages={[]} vendored={{ folders: [], files: 0, lines: 0, languages: [] }} documentation={{ files: 0, lines: 0 }} />,
    );
    expect(screen.getByText('No source code in a language we recognise.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
