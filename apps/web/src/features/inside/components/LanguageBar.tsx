import type { InsideReport } from '@market/contracts';
import { formatCount } from '../overview';

/** When Linguist has no colour for a language. */
const NO_COLOUR = '#8a8f98';

const MAX_FOLDERS_SHOWN = 12;

/**
 * The own code's languages as a coloured bar (decoration) beside a list a screen reader reads, by
 * bytes as GitHub counts them; then the bundled third-party code and the documentation apart.
 */
export function LanguageBar({ languages, vendored, documentation }: Pick<InsideReport, 'languages' | 'vendored' | 'documentation'>) {
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
      {vendored.files > 0 && (
        <div className="inside-bundled">
          <h3 className="inside-subheading">Bundled third-party and generated code</h3>
          <p className="text-secondary mb-1">
            Counted apart: {formatCount(vendored.lines)} {vendored.lines === 1 ? 'line' : 'lines'} in {formatCount(vendored.files)}{' '}
            {vendored.files === 1 ? 'file' : 'files'}
            {vendored.folders.length > 0 && (
              <>
                {' '}
                in {vendored.folders.slice(0, MAX_FOLDERS_SHOWN).join(', ')}
                {vendored.folders.length > MAX_FOLDERS_SHOWN ? ` and ${formatCount(vendored.folders.length - MAX_FOLDERS_SHOWN)} more` : ''}
              </>
            )}
            .
          </p>
          {vendored.languages.length > 0 && (
            <ul className="language-list" aria-label="Languages of the bundled code">
              {vendored.languages.map((language) => (
                <li key={language.name}>
                  <strong>{language.name}</strong> {language.percent.toFixed(1)}%{' '}
                  <span className="text-secondary">
                    · {formatCount(language.lines)} {language.lines === 1 ? 'line' : 'lines'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {documentation.files > 0 && (
        <p className="text-secondary mb-0 mt-1">
          Documentation, also apart: {formatCount(documentation.files)} {documentation.files === 1 ? 'file' : 'files'}.
        </p>
      )}
    </>
  );
}
