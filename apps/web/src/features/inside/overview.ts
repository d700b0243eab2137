import type { InsideEngine, InsideLanguage, InsideReport } from '@market/contracts';
import { formatBytes } from '@/lib/format';

const counted = new Intl.NumberFormat('en-US');

/** "1,284", as the report's counts are shown everywhere. */
export const formatCount = (count: number) => counted.format(count);

/** "Unity 2022.3.21f1", or the engine alone when no file states its version. */
export const engineLabel = (engine: InsideEngine) => (engine.version ? `${engine.engine} ${engine.version}` : engine.engine);

/** The language with the most of the own code's lines. */
export function topLanguage(languages: readonly InsideLanguage[]): InsideLanguage | undefined {
  return languages.reduce<InsideLanguage | undefined>((top, language) => (!top || language.lines > top.lines ? language : top), undefined);
}

/** The line near the price: "Unity 2022.3.21f1 · C# 92% · 1,284 files · 212.0 MB". */
export function overviewText(report: InsideReport): string {
  const engine = report.engines[0];
  const language = topLanguage(report.languages);
  return [
    engine ? engineLabel(engine) : null,
    language ? `${language.name} ${Math.round(language.percent)}%` : null,
    `${formatCount(report.files.count)} ${report.files.count === 1 ? 'file' : 'files'}`,
    formatBytes(report.files.totalBytes),
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
