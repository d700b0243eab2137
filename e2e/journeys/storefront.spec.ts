import { expect, test } from '@playwright/test';

test('the hero resumes its slide show when the pointer leaves after a dot was clicked', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: /./ }).filter({ has: page.getByRole('button', { name: 'Show slide 2' }) });
  const dot = (n: number) => hero.getByRole('button', { name: `Show slide ${n}` });

  await dot(2).click();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  // Held while the pointer rests on it, as SPEC's pause on hover says.
  await page.waitForTimeout(4_500);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');

  await page.mouse.move(5, 5);
  await page.getByRole('contentinfo').hover();

  await expect(dot(3)).toHaveAttribute('aria-current', 'true', { timeout: 6_000 });
});

test('the hero stays on a slide chosen by keyboard while focus is inside it', async ({ page }) => {
  await page.goto('/');
  const dot2 = page.getByRole('button', { name: 'Show slide 2' });
  await dot2.focus();
  await page.keyboard.press('Enter');
  await expect(dot2).toHaveAttribute('aria-current', 'true');

  await page.waitForTimeout(4_500);

  await expect(dot2).toHaveAttribute('aria-current', 'true');
  await expect(dot2).toBeFocused();
});
