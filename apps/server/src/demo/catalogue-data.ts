import type { Category, LanguageCode, ProductType, SubCategory } from '@market/contracts';

export interface DemoProduct {
  title: Partial<Record<LanguageCode, string>>;
  type: ProductType;
  category: Category;
  subCategory: SubCategory;
  frameWork: string;
  price: number;
  blurb: string;
  keywords: string[];
  /** Extra descriptions by language. */
  descriptions?: Partial<Record<LanguageCode, string>>;
  author: 'seller' | 'admin';
  hue: number;
}

const games: Array<[string, Category, SubCategory, string, number, string, string[]]> = [
  ['Galaxy Racer', 'Unity', 'Racing', 'Unity', 59, 'Neon hover-racing through asteroid belts with 24 tracks.', ['racing', 'space', 'neon']],
  [
    'Bubble Pop Saga',
    'Android',
    'Puzzle',
    'Native Android',
    29,
    'Match-three bubble shooter with 300 levels and boosters.',
    ['bubble', 'match3', 'shooter'],
  ],
  [
    'Zombie Siege',
    'Unity',
    'Action',
    'Unity',
    79,
    'Top-down survival shooter with waves, perks and bosses.',
    ['zombie', 'shooter', 'survival'],
  ],
  [
    'Solitaire Classic',
    'IOS',
    'Card',
    'Native IOS',
    25,
    'Klondike, Spider and FreeCell with daily challenges.',
    ['cards', 'solitaire', 'klondike'],
  ],
  [
    'Candy Farm Tycoon',
    'Android',
    'Casual',
    'Native Android',
    39,
    'Idle farming tycoon: grow candy, upgrade factories.',
    ['idle', 'tycoon', 'farm'],
  ],
  ['Knight Quest', 'Unity', 'Adventure', 'Unity', 89, 'Pixel-art action RPG with dungeons and crafting.', ['rpg', 'pixel', 'dungeon']],
  [
    'Stack Tower',
    'IOS',
    'Arcades',
    'Native IOS',
    19,
    'One-tap stacking arcade with endless mode and skins.',
    ['one tap', 'stack', 'hyper casual'],
  ],
  ['Penalty Kicks 2026', 'Unity', 'Sports', 'Unity', 49, 'Football penalty shoot-out with tournaments.', ['football', 'soccer', 'penalty']],
  [
    'Word Garden',
    'Android',
    'Puzzle',
    'Native Android',
    35,
    'Crossword-style word puzzles in a growing garden.',
    ['words', 'crossword', 'brain'],
  ],
  ['Family Dress Up', 'IOS', 'Family', 'Native IOS', 29, 'Dress-up and salon game for kids with 500 items.', ['kids', 'dress up', 'salon']],
  ['Drift King', 'Android', 'Racing', 'Unity', 69, 'Mountain drift racing with car tuning and garages.', ['drift', 'cars', 'tuning']],
  [
    'Pixel Dungeon Run',
    'Unity',
    'Arcades',
    'Unity',
    45,
    'Roguelite runner through procedurally built dungeons.',
    ['roguelite', 'runner', 'pixel'],
  ],
  ['Poker Night', 'Android', 'Card', 'Unity', 99, 'Texas hold’em with bots, chips shop and leaderboards.', ['poker', 'holdem', 'casino']],
  ['Jungle Jump', 'IOS', 'Casual', 'Native IOS', 22, 'Platform jumper with vines, fruit and 80 levels.', ['platformer', 'jungle', 'jump']],
  ['Basketball Stars', 'Unity', 'Sports', 'Unity', 55, 'Arcade basketball with two-player mode.', ['basketball', 'multiplayer', 'arcade']],
  [
    'Hidden Objects Manor',
    'Android',
    'Adventure',
    'Native Android',
    42,
    'Hidden-object mystery across 40 rooms.',
    ['hidden object', 'mystery', 'detective'],
  ],
  [
    'Tank Battle Arena',
    'Unity',
    'Action',
    'Unreal Engine',
    120,
    'Online tank arena with six maps and upgrades.',
    ['tanks', 'pvp', 'arena'],
  ],
  [
    'Block Puzzle Jewel',
    'IOS',
    'Puzzle',
    'Native IOS',
    24,
    'Drop jewel blocks to clear lines; calm and endless.',
    ['block', 'jewel', 'tetris'],
  ],
  [
    'Cooking Fever Diner',
    'Android',
    'Casual',
    'Native Android',
    48,
    'Time-management cooking in a retro diner.',
    ['cooking', 'time management', 'restaurant'],
  ],
  [
    'Space Invaders Reborn',
    'Unity',
    'Arcades',
    'Unity',
    33,
    'Modern take on the classic shooter with power-ups.',
    ['retro', 'shooter', 'space'],
  ],
  ['Ludo Party', 'Android', 'Family', 'Unity', 37, 'Ludo for four with online rooms and emojis.', ['ludo', 'board game', 'party']],
  [
    'Motocross Madness',
    'IOS',
    'Racing',
    'Native IOS',
    52,
    'Physics-based motocross with stunts and 60 tracks.',
    ['moto', 'stunts', 'physics'],
  ],
];

const apps: Array<[string, Category, SubCategory, string, number, string, string[]]> = [
  [
    'Habit Tracker Pro',
    'IOS',
    'Utilities',
    'Native IOS',
    45,
    'Daily habits, streaks, reminders and widgets.',
    ['habits', 'productivity', 'widgets'],
  ],
  [
    'QR Scanner Plus',
    'Android',
    'Utilities',
    'Native Android',
    19,
    'Fast QR and barcode scanner with history.',
    ['qr', 'barcode', 'scanner'],
  ],
  [
    'Invoice Maker',
    'Android',
    'Business',
    'Native Android',
    65,
    'Invoices and estimates as PDF, with client list.',
    ['invoice', 'pdf', 'small business'],
  ],
  [
    'Shop POS Lite',
    'IOS',
    'Point of Sale',
    'Native IOS',
    140,
    'Point of sale for small shops: cart, receipts, stock.',
    ['pos', 'receipts', 'inventory'],
  ],
  [
    'Video Cutter',
    'Android',
    'Video',
    'Native Android',
    58,
    'Trim, merge and add music to short videos.',
    ['video editor', 'trim', 'music'],
  ],
  [
    'Daily News Digest',
    'IOS',
    'News & Magazine',
    'Native IOS',
    44,
    'RSS news reader with topics and offline mode.',
    ['news', 'rss', 'reader'],
  ],
  ['Meet Cute', 'Android', 'Dating', 'Native Android', 150, 'Swipe-based dating app with chat and matches.', ['dating', 'chat', 'swipe']],
  ['Story Books for Kids', 'IOS', 'Books', 'Native IOS', 39, 'Illustrated bedtime stories with narration.', ['books', 'stories', 'kids']],
  [
    'Grocery List',
    'Android',
    'Shopping',
    'Native Android',
    21,
    'Shared shopping lists with categories and prices.',
    ['shopping list', 'grocery', 'shared'],
  ],
  ['Expense Splitter', 'IOS', 'Business', 'Native IOS', 35, 'Split bills among friends and settle up.', ['expenses', 'split', 'money']],
  ['Workout Timer', 'Android', 'Sports', 'Native Android', 27, 'HIIT and tabata timer with voice cues.', ['fitness', 'timer', 'hiit']],
  [
    'Flashlight Pro',
    'Android',
    'Utilities',
    'Native Android',
    15,
    'Flashlight with SOS, strobe and screen light.',
    ['flashlight', 'torch', 'sos'],
  ],
  [
    'Recipe Box',
    'IOS',
    'Family',
    'Native IOS',
    33,
    'Save family recipes with photos and shopping lists.',
    ['recipes', 'cooking', 'family'],
  ],
  [
    'Coupon Wallet',
    'Android',
    'Shopping',
    'Native Android',
    29,
    'Store loyalty cards and coupons in one wallet.',
    ['coupons', 'wallet', 'loyalty'],
  ],
  [
    'Podcast Player',
    'IOS',
    'News & Magazine',
    'Native IOS',
    49,
    'Podcast player with downloads and sleep timer.',
    ['podcast', 'audio', 'player'],
  ],
  ['Live Stream Studio', 'Android', 'Video', 'Native Android', 95, 'Stream to RTMP with overlays and chat.', ['streaming', 'rtmp', 'live']],
  [
    'Restaurant Orders',
    'Android',
    'Point of Sale',
    'Native Android',
    130,
    'Table orders, kitchen tickets and bills.',
    ['restaurant', 'orders', 'pos'],
  ],
  ['Audiobook Reader', 'IOS', 'Books', 'Native IOS', 55, 'EPUB reader with text-to-speech.', ['epub', 'reader', 'tts']],
];

/** Titles and descriptions in other languages for a few products, as sellers would add them. */
const TRANSLATIONS: Record<string, { title: Partial<Record<LanguageCode, string>>; description: Partial<Record<LanguageCode, string>> }> = {
  'Galaxy Racer': {
    title: { es: 'Carrera Galáctica', fr: 'Course Galactique', ja: 'ギャラクシーレーサー' },
    description: { es: 'Carreras de naves entre asteroides con 24 pistas.', fr: 'Courses de vaisseaux entre les astéroïdes, 24 circuits.' },
  },
  'Bubble Pop Saga': { title: { fr: 'La Saga des Bulles' }, description: { fr: 'Un jeu de bulles avec 300 niveaux.' } },
  'Solitaire Classic': {
    title: { it: 'Solitario Classico', pt: 'Paciência Clássica' },
    description: { it: 'Klondike, Spider e FreeCell con sfide giornaliere.' },
  },
  'Habit Tracker Pro': {
    title: { tr: 'Alışkanlık Takipçisi', ru: 'Трекер привычек' },
    description: { ru: 'Привычки, серии и напоминания.' },
  },
  'Word Garden': { title: { id: 'Taman Kata', vi: 'Khu vườn chữ' }, description: { id: 'Teka-teki kata di taman yang tumbuh.' } },
  'Poker Night': { title: { zh: '扑克之夜', ko: '포커 나이트' }, description: { zh: '德州扑克，含机器人和排行榜。' } },
  'Story Books for Kids': {
    title: { ar: 'قصص للأطفال', ur: 'بچوں کی کہانیاں', hi: 'बच्चों की कहानियाँ' },
    description: { ar: 'قصص مصورة قبل النوم مع سرد صوتي.' },
  },
};

export function demoProducts(): DemoProduct[] {
  const rows = [...games.map((row) => ['Games', ...row] as const), ...apps.map((row) => ['Apps', ...row] as const)];
  return rows.map(([type, name, category, subCategory, frameWork, price, blurb, keywords], index) => {
    const extra = TRANSLATIONS[name];
    const title = Object.fromEntries(Object.entries({ en: name, ...extra?.title }).filter(([, value]) => value)) as Partial<
      Record<LanguageCode, string>
    >;
    return {
      title,
      type,
      category,
      subCategory,
      frameWork,
      price,
      blurb,
      keywords,
      descriptions: extra?.description,
      author: index % 3 === 0 ? 'admin' : 'seller',
      hue: (index * 47) % 360,
    };
  });
}
