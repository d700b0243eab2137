import type { InsideReport } from '@market/contracts';
import { formatCount } from '../overview';

/** When Linguist has no colour for a language. */
const NO_COLOUR = '#8a8f98';

/** The languages as a coloured bar (decoration) beside a list a screen reader reads. */
export function LanguageBar({ languages, vendored }: Pick<InsideReport, 'languages' | 'vendored'>) {
  return (
    <>
      {languages.length === 0 ? (
        <p>No source code in a language we recognise.</p>
      ) : (
        <>
          <div className="language-bar" aria-hidden="true">
            {languages.map((language) => (
              <span
                key={language.name}
                className="language-bar-segment"
                style={{ width: `${language.percent}%`, backgroundColor: language.color ?? NO_COLOUR }}
              />
            ))}
          </div>
          <ul className="language-list" aria-label="Languages of the own code">
            {languages.map((language) => (
              <li key={language.name}>
                <span className="language-swatch" aria-hidden="true" style={{ backgroundColor: language.color ?? NO_COLOUR }} />
                <strong>{language.name}</strong> {language.percent.toFixed(1)}%{' '}
                <span className="text-secondary">
                  · {formatCount(language.lines)} {language.lines === 1 ? 'line' : 'lines'} in {formatCount(language.files)}{' '}
                  {language.files === 1 ? 'file' : 'files'}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {vendored.folders.length > 0 && (
        <p className="text-secondary mb-0">
          Counted apart: {formatCount(vendored.lines)} {vendored.lines === 1 ? 'line' : 'lines'} in {formatCount(vendored.files)}{' '}
          {vendored.files === 1 ? 'file' : 'files'} of vendored and generated folders: {vendored.folders.join(', ')}.
        </p>
      )}
    </>
  );
}
