import type { Locator, Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, pressing nothing
 * when it already has; fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let presses = 0; ; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    if (presses === max) throw new Error(`focus never reached ${target.toString()} in ${max} presses`);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
}
