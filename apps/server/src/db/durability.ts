import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/** PostgreSQL's settings without which a write it confirmed may be lost, or its files torn, in a crash or power cut. */
export const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;
export type DurabilitySetting = (typeof DURABILITY_SETTINGS)[number];

export async function readDurabilitySettings(db: Kysely<Database>): Promise<Record<DurabilitySetting, string>> {
  const { rows } = await sql<{ name: DurabilitySetting; setting: string }>`
    select name, setting from pg_settings where name in (${sql.join(DURABILITY_SETTINGS)})`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.setting])) as Record<DurabilitySetting, string>;
}

export type DurabilityVerdict = { kind: 'safe' } | { kind: 'refuse' | 'warn'; message: string };

/**
 * Production refuses a server that may lose answered purchases and payments unless the operator said
 * so (ALLOW_UNSAFE_DURABILITY=true, e.g. a throwaway staging copy); elsewhere it is only said.
 */
export function judgeDurability(
  settings: Record<DurabilitySetting, string>,
  { production, allowUnsafe }: { production: boolean; allowUnsafe: boolean },
): DurabilityVerdict {
  const off = DURABILITY_SETTINGS.filter((name) => settings[name] === 'off');
  if (off.length === 0) return { kind: 'safe' };
  const settingsText = off.map((name) => `${name}=off`).join(', ');
  const risk = `PostgreSQL runs with ${settingsText}: a crash or power cut may lose writes it confirmed (purchases, payments)`;
  if (production && !allowUnsafe) {
    return { kind: 'refuse', message: `${risk}. Turn it on, or set ALLOW_UNSAFE_DURABILITY=true to start anyway.` };
  }
  return { kind: 'warn', message: `${risk}.` };
}
