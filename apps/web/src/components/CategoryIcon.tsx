import type { Category } from '@market/contracts';
import { Icon } from '@/components/icons';

/** Decorative mark beside the category name: a robot, an apple-ish phone, a cube. */
const PATHS: Record<Category, string> = {
  Android: 'M7 10h10v7a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zM8 9a4 4 0 0 1 8 0M9.5 6.5 8 4.5M14.5 6.5 16 4.5M5 11v4M19 11v4',
  IOS: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
  Unity: 'm12 3 8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12 4 7.5',
};

export function CategoryIcon({ category, size = 16 }: { category: string; size?: number }) {
  return (
    <Icon size={size}>
      <path d={PATHS[category as Category] ?? PATHS.Unity} />
    </Icon>
  );
}
