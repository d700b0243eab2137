// A 100,000-product catalogue for the benchmark, made once and kept under bench/.data/.
// The schema comes from the server's own migrations; rows are written straight through
// better-sqlite3 in large transactions with exactly the columns ProductsRepository.insert
// writes (products, product_translations, product_screenshots and the FTS5 product_search row),
// because the repository's insert runs one Kysely transaction per product (minutes for 100k).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../apps/server/dist/db/index.js';
import { coverImage } from '../apps/server/dist/demo/demo-images.js';
import { encodeWebp } from '../apps/server/dist/platform/images/index.js';
import { LocalFileStorage } from '../apps/server/dist/platform/storage/index.js';
import { makeZip } from '@market/sample-archives';

/** Bump when the generated rows change, so an old database is rebuilt rather than reused. */
// Bump when the generator or the schema it fills changes, so an old database is rebuilt.
const GENERATOR_VERSION = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const ADJECTIVES = [
  'Neon',
  'Pixel',
  'Galaxy',
  'Candy',
  'Shadow',
  'Turbo',
  'Crystal',
  'Zombie',
  'Jungle',
  'Ocean',
  'Royal',
  'Tiny',
  'Mega',
  'Frozen',
  'Cyber',
  'Lucky',
  'Wild',
  'Silent',
  'Golden',
  'Iron',
  'Magic',
  'Rocket',
  'Dragon',
  'Sky',
  'Desert',
  'Retro',
  'Super',
  'Happy',
  'Dark',
  'Epic',
  'Brave',
  'Cosmic',
  'Ninja',
  'Farm',
  'City',
  'Monster',
];
const NOUNS = [
  'Drift',
  'Runner',
  'Blaster',
  'Match',
  'Kingdom',
  'Quest',
  'Legends',
  'Tycoon',
  'Defense',
  'Escape',
  'Heroes',
  'Rush',
  'Battle',
  'Island',
  'Racer',
  'Builder',
  'Saga',
  'Puzzle',
  'Jump',
  'Shooter',
  'Merge',
  'Chef',
  'Parking',
  'Solitaire',
  'Sudoku',
  'Hunter',
  'Survival',
  'Empire',
  'Garden',
  'Arena',
  'Tower',
  'Bubble',
  'Golf',
  'Soccer',
];
const THEMES = [
  'Space',
  'Pirate',
  'Robot',
  'Candy',
  'Castle',
  'Ocean',
  'Sky',
  'Zombie',
  'Car',
  'Bike',
  'Ball',
  'Snake',
  'Bird',
  'Gem',
  'Fruit',
  'Cat',
  'Dino',
  'Tank',
  'Jelly',
  'Hex',
];
const SUFFIXES = ['', '', '', ' 3D', ' 2', ' HD', ' Pro', ' Deluxe', ' Online', ' Adventure', ' Mania', ' World', ' Story', ' Clash'];
const APP_NOUNS = [
  'Budget Planner',
  'Habit Tracker',
  'Video Editor',
  'Invoice Maker',
  'Recipe Book',
  'Fitness Coach',
  'Dating Chat',
  'News Reader',
  'Ebook Reader',
  'POS Terminal',
  'Grocery List',
  'QR Scanner',
  'Photo Collage',
  'Music Player',
  'Expense Manager',
  'Flashlight',
  'Weather Radar',
  'Language Flashcards',
  'Podcast Player',
  'Shop Catalogue',
];
const GAME_SUB_CATEGORIES = ['Arcades', 'Card', 'Puzzle', 'Casual', 'Action', 'Family', 'Adventure', 'Racing', 'Sports'];
const APP_SUB_CATEGORIES = ['Utilities', 'Business', 'Video', 'Shopping', 'Point of Sale', 'News & Magazine', 'Dating', 'Books'];
const CATEGORIES = ['Android', 'IOS', 'Unity'];
/** @type {Record<string, string>} */
const FRAMEWORK_OF = { Android: 'Native Android', IOS: 'Native IOS', Unity: 'Unity' };
const KEYWORDS = [
  'admob',
  'unity ads',
  'in-app purchases',
  'leaderboard',
  'offline',
  'multiplayer',
  'endless',
  'hyper casual',
  'reskin',
  'kids',
  'physics',
  'tilt control',
  'firebase',
  'push notifications',
  'dark mode',
  'level editor',
  'ragdoll',
  'idle',
  'clicker',
  'match 3',
  'word game',
  'trivia',
  'platformer',
  'runner',
  'racing',
  'shooter',
  'strategy',
  'rpg',
  'simulator',
  'educational',
  'subscription',
  'analytics',
  'cloud save',
  'achievements',
  'daily rewards',
  'low poly',
  'pixel art',
];
const SENTENCES = [
  'Swipe, tap and tilt through {n} handcrafted levels with smooth controls tuned for phones and tablets.',
  'The project ships with clean, commented {f} source, a step-by-step reskin guide and all art assets.',
  'Monetisation is ready out of the box: rewarded video, interstitials and a remove-ads purchase.',
  'Players unlock new characters, skins and power-ups as they progress, keeping retention high.',
  'Every screen is built with responsive layouts that look sharp on small phones and large tablets alike.',
  'A built-in level editor lets you design new stages without touching a line of code.',
  'Daily challenges, streak rewards and a global leaderboard bring players back every day.',
  'Sound effects and music are royalty free and included in the package.',
  'The code is organised in small modules, so changing the theme or the rules takes minutes.',
  'Tested on the latest devices and ready to publish to Google Play and the App Store.',
  'Physics-based gameplay with satisfying particles, screen shake and haptic feedback.',
  'Includes a privacy policy template, GDPR consent dialog and analytics events for every level.',
  'Offline play is fully supported, with progress synced to the cloud once the device is online.',
  'Perfect for studios looking to launch a polished {s} title quickly and cheaply.',
];
const FRENCH = ['Jeu complet prêt à publier avec code source commenté.', 'Application prête à publier, facile à personnaliser.'];
const SPANISH = [
  'Juego completo listo para publicar con código fuente comentado.',
  'Aplicación lista para publicar y fácil de personalizar.',
];
const AUTHORS = [
  'Pixel Forge Studio',
  'Marketplace Originals',
  'Blue Whale Games',
  'Northwind Apps',
  'Lucky Llama Labs',
  'Red Panda Interactive',
  'Code Orchard',
];
const FEATURES_HTML = '<ul><li>AdMob and in-app purchases ready</li><li>Documented project</li><li>Free updates for a year</li></ul>';
const RESKIN_HTML = '<p>New graphics, sounds and app name, published to your store account.</p>';

/**
 * A small deterministic generator, so every fresh database holds the same catalogue.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeHtml = (/** @type {string} */ text) => text.replace(/[<>&]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Opens (or builds) the benchmark database in `dir`.
 * @param {{ dir: string, count: number, log?: (line: string) => void }} options
 * @returns {Promise<{ databaseUrl: string, dataDir: string, count: number, reused: boolean, seconds: number }>}
 */
export async function ensureCatalogue({ dir, count, log = () => {} }) {
  const file = path.join(dir, 'bench.db');
  const metaFile = path.join(dir, 'catalogue.json');
  const databaseUrl = `sqlite:${file}`;
  const meta = { version: GENERATOR_VERSION, count };
  const started = performance.now();

  if (existsSync(file) && existsSync(metaFile)) {
    const stored = JSON.parse(readFileSync(metaFile, 'utf8'));
    if (stored.version === meta.version && stored.count === meta.count) {
      const handle = openDatabase({ url: databaseUrl });
      await migrateToLatest(handle.db);
      await handle.destroy();
      const sqlite = new Database(file, { readonly: true });
      const { approved } = /** @type {{ approved: number }} */ (
        sqlite.prepare("select count(*) as approved from products where status = 'Approved'").get()
      );
      sqlite.close();
      if (approved >= count)
        return { databaseUrl, dataDir: dir, count: approved, reused: true, seconds: (performance.now() - started) / 1000 };
    }
  }

  // A fresh start: the old database (and its files) would only get in the way.
  for (const entry of ['bench.db', 'bench.db-wal', 'bench.db-shm', 'catalogue.json', 'images', 'private']) {
    rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  log(`  building ${count.toLocaleString('en')} products in ${path.relative(process.cwd(), file)} …`);
  const handle = openDatabase({ url: databaseUrl });
  await migrateToLatest(handle.db);
  await handle.destroy();

  // One shared cover and thumbnail (WebP, as uploads store them) and one tiny source archive.
  const storage = new LocalFileStorage(dir);
  const cover = await coverImage('Benchmark Game', 210, 1280, 720, 'Games · Arcades');
  const [feature, thumbnail] = await Promise.all([encodeWebp(cover, 'featureImg'), encodeWebp(cover, 'thumbnail')]);
  const featureKey = (await storage.put('images', feature, 'webp')).key;
  const thumbnailKey = (await storage.put('images', thumbnail, 'webp')).key;
  const source = await storage.put('private', makeZip([{ name: 'README.md', content: '# Benchmark product\n' }]), 'zip');

  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const sellerId = randomBytes(12).toString('hex');
  const now = Date.now();
  sqlite
    .prepare('insert into users (id, name, email, email_key, number, password_hash, role, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(
      sellerId,
      'Bench Seller',
      'bench.seller@example.com',
      'bench.seller@example.com',
      '+10000000000',
      '!',
      'User',
      new Date(now - 800 * DAY_MS).toISOString(),
    );

  const insertProduct = sqlite.prepare(`insert into products (id, user_id, type, category, sub_category, framework, features_html,
    feature_img_key, thumbnail_key, youtube_link, google_play_link, app_store_link, live_preview,
    single_app_license_cents, multi_app_license_cents, development_hours, author_name, reskin_features_html, reskin_price_cents,
    status, created_at, updated_at, slug_key, search_text, search_rowid) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertRelease = sqlite.prepare(`insert into product_releases (id, product_id, version, version_major, version_minor, version_patch,
    changelog_html, engine_version, source_code_key, source_code_size, status, created_at, published_at)
    values (?, ?, '1.0.0', 1, 0, 0, '', null, ?, ?, 'Approved', ?, ?)`);
  const insertTranslation = sqlite.prepare(
    'insert into product_translations (product_id, language, title, description_html, keywords) values (?, ?, ?, ?, ?)',
  );
  const insertScreenshot = sqlite.prepare('insert into product_screenshots (id, product_id, position, image_key) values (?, ?, ?, ?)');
  const insertSearch = sqlite.prepare('insert into product_search (rowid, product_id, body) values (?, ?, ?)');
  const insertView = sqlite.prepare('insert into product_views (id, product_id, visitor_key, created_at) values (?, ?, ?, ?)');

  const next = random(20_240_601);
  /**
   * @template T
   * @param {readonly T[]} list
   * @returns {T}
   */
  function pick(list) {
    return /** @type {T} */ (list[Math.floor(next() * list.length)]);
  }
  /** @type {string[]} */
  const ids = [];
  const writeBatch = sqlite.transaction((/** @type {number} */ from, /** @type {number} */ to) => {
    for (let index = from; index < to; index += 1) {
      const isGame = next() < 0.75;
      const category = pick(CATEGORIES);
      const framework = FRAMEWORK_OF[category] ?? 'Unity';
      const subCategory = isGame ? pick(GAME_SUB_CATEGORIES) : pick(APP_SUB_CATEGORIES);
      const theme = next() < 0.5 ? `${pick(THEMES)} ` : '';
      const title = isGame
        ? `${pick(ADJECTIVES)} ${theme}${pick(NOUNS)}${pick(SUFFIXES)}`
        : `${pick(ADJECTIVES)} ${pick(APP_NOUNS)}${pick(SUFFIXES)}`;
      const keywords = [...new Set([subCategory.toLowerCase(), pick(KEYWORDS), pick(KEYWORDS), pick(KEYWORDS)])];
      const sentences = [];
      const sentenceCount = 3 + Math.floor(next() * 4);
      for (let s = 0; s < sentenceCount; s += 1) {
        sentences.push(
          pick(SENTENCES)
            .replace('{n}', String(20 + Math.floor(next() * 480)))
            .replace('{f}', framework)
            .replace('{s}', subCategory.toLowerCase()),
        );
      }
      const translations = [{ language: 'en', title, text: `${title}: ${sentences.join(' ')}`, keywords }];
      const extra = next();
      if (extra < 0.12) translations.push({ language: 'fr', title: `${title} (FR)`, text: pick(FRENCH), keywords: ['jeu', 'code source'] });
      else if (extra < 0.2)
        translations.push({ language: 'es', title: `${title} (ES)`, text: pick(SPANISH), keywords: ['juego', 'código fuente'] });

      const id = randomBytes(12).toString('hex');
      ids.push(id);
      // Newest last, a few minutes apart, over roughly two years.
      const createdAt = new Date(now - (count - index) * 10 * 60 * 1000).toISOString();
      const price = 19 + Math.floor(next() * 480);
      // The search index keeps the newest at the lowest rowid (as ProductsRepository does).
      const searchRowid = -(index + 1);
      const searchText = translations.flatMap((entry) => [entry.title, entry.keywords.join(' '), entry.text]).join(' ');
      insertProduct.run(
        id,
        sellerId,
        isGame ? 'Games' : 'Apps',
        category,
        subCategory,
        framework,
        FEATURES_HTML,
        featureKey,
        thumbnailKey,
        null,
        category === 'Android' ? 'https://play.google.com/store/apps/details?id=com.example.demo' : null,
        category === 'IOS' ? 'https://apps.apple.com/app/id000000000' : null,
        `https://example.com/preview/${id}`,
        price * 100,
        price * 300,
        price * 4,
        pick(AUTHORS),
        RESKIN_HTML,
        Math.round(price * 1.5) * 100,
        'Approved',
        createdAt,
        createdAt,
        title
          .toLowerCase()
          .replace(/[\s-]+/g, ' ')
          .trim(),
        searchText,
        searchRowid,
      );
      for (const entry of translations) {
        insertTranslation.run(id, entry.language, entry.title, `<p>${escapeHtml(entry.text)}</p>`, JSON.stringify(entry.keywords));
      }
      insertRelease.run(randomBytes(12).toString('hex'), id, source.key, source.size, createdAt, createdAt);
      insertScreenshot.run(randomBytes(12).toString('hex'), id, 0, featureKey);
      insertSearch.run(searchRowid, id, searchText);
    }
  });
  for (let from = 0; from < count; from += 10_000) writeBatch(from, Math.min(count, from + 10_000));

  // Views in the last week, so trending-games has something to rank.
  sqlite.transaction(() => {
    for (let view = 0; view < 20_000; view += 1) {
      const productId = ids[Math.floor(next() ** 3 * ids.length)];
      insertView.run(randomBytes(12).toString('hex'), productId, `bench-${view}`, new Date(now - next() * 7 * DAY_MS).toISOString());
    }
  })();
  sqlite.pragma('optimize');
  sqlite.exec("insert into product_search (product_search) values ('optimize')");
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  writeFileSync(metaFile, `${JSON.stringify(meta)}\n`);
  return { databaseUrl, dataDir: dir, count, reused: false, seconds: (performance.now() - started) / 1000 };
}

/**
 * A real slug (an English title no other product shares) and the word that matches most products.
 * @param {string} databaseUrl
 */
export function pickTargets(databaseUrl) {
  const sqlite = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true });
  try {
    const slugRow = /** @type {{ id: string, title: string }} */ (
      sqlite
        .prepare(
          `select p.id, t.title from products p join product_translations t on t.product_id = p.id and t.language = 'en'
          where p.status = 'Approved' and p.slug_key in (select slug_key from products group by slug_key having count(*) = 1)
          order by p.created_at desc limit 1`,
        )
        .get()
    );
    const countMatches = sqlite.prepare("select count(*) as n from product_search where product_search match ? || '*'");
    const candidates = ['racing', 'puzzle', 'admob', 'physics', 'offline', 'shooter'];
    const counted = candidates.map((word) => ({ word, matches: /** @type {{ n: number }} */ (countMatches.get(`"${word}"`)).n }));
    counted.sort((a, b) => b.matches - a.matches);
    const search = /** @type {{ word: string, matches: number }} */ (counted[0]);
    return {
      id: slugRow.id,
      slug: slugRow.title.trim().split(/\s+/).join('-'),
      title: slugRow.title,
      search,
      searchVariety: searchVariety(sqlite),
    };
  } finally {
    sqlite.close();
  }
}

/**
 * The header box's suggestions for `text`, as the web app asks for them.
 * @param {string} text
 */
export function suggestionsPath(text) {
  return `/api/product/search?q=${encodeURIComponent(text)}&limit=6`;
}

/**
 * What people type into the header box, many times over: every prefix (from 2 letters) of the
 * words of English titles, and pairs of them, in a fixed shuffled order. Several thousand
 * distinct queries, far more than the server's search cache holds, so nearly every one is a miss.
 * @param {import('better-sqlite3').Database} sqlite
 */
function searchVariety(sqlite) {
  const titles = /** @type {{ title: string }[]} */ (
    sqlite.prepare("select distinct title from product_translations where language = 'en' limit 5000").all()
  );
  const queries = new Set();
  for (const { title } of titles) {
    const words = title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 2);
    for (const word of words) for (let length = 2; length <= word.length; length += 1) queries.add(word.slice(0, length));
    // The first word whole and the next one being typed, as a title is typed into the box.
    for (let index = 0; index + 1 < words.length; index += 1) {
      const next = words[index + 1] ?? '';
      for (let length = 1; length <= next.length; length += 1) queries.add(`${words[index]} ${next.slice(0, length)}`);
    }
  }
  const list = [...queries];
  // A fixed shuffle (Park–Miller), so every run asks the same queries in the same order.
  let seed = 48_271;
  for (let index = list.length - 1; index > 0; index -= 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    const other = seed % (index + 1);
    [list[index], list[other]] = [/** @type {string} */ (list[other]), /** @type {string} */ (list[index])];
  }
  return list.slice(0, 5000);
}
