import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoProducts } from './catalogue-data.js';
import { coverImage } from './demo-images.js';

/** Whether any pixel of the columns is the title's white. */
async function hasTitleInk(image: Buffer, fromColumn: number, columns: number): Promise<boolean> {
  const { data, info } = await sharp(image)
    .extract({ left: fromColumn, top: 0, width: columns, height: 300 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let offset = 0; offset < data.length; offset += info.channels) {
    if (data[offset]! > 245 && data[offset + 1]! > 245 && data[offset + 2]! > 245) return true;
  }
  return false;
}

describe('demo covers', () => {
  it('keep every demo title clear of the edges a card crops, the longest included', async () => {
    const titles = [...new Set(demoProducts().map((product) => product.title.en!))];
    expect(Math.max(...titles.map((title) => title.length))).toBeGreaterThanOrEqual(20);
    for (const title of titles) {
      const cover = await coverImage(title, 260, 1280, 720, 'Games · Arcades');
      // As a card shows it: 16:10 from the 16:9 cover, sides cropped, 480 px wide.
      const card = await sharp(cover).resize(480, 300, { fit: 'cover' }).png().toBuffer();
      expect({ title, left: await hasTitleInk(card, 0, 12), right: await hasTitleInk(card, 468, 12) }).toEqual({
        title,
        left: false,
        right: false,
      });
    }
  });
});
