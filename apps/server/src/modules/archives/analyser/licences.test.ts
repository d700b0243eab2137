import { licenceText } from '@market/sample-archives';
import { describe, expect, it } from 'vitest';
import { copyleftOf, identifyLicence, isLicenceFile, nearestLicences } from './licences.js';

/** The way projects ship these texts: a holder's name in place of the placeholders, wrapped their own way. */
const asShipped = (text: string) =>
  text
    .replace(/<year>/g, '2024')
    .replace(/<(copyright holders?|owner|organization)>/gi, 'Nordlicht Games GmbH')
    .replace(/([^\n]{60,}?) /g, '$1\n');

describe('licence files matched against the SPDX licence list', () => {
  it.each([
    ['GPL-3.0-only', 'GPL-3.0', 'GNU General Public License v3.0', 'strong'],
    ['AGPL-3.0-only', 'AGPL-3.0', 'GNU Affero General Public License v3.0', 'strong'],
    ['MPL-2.0', 'MPL-2.0', 'Mozilla Public License 2.0', 'weak'],
    ['MIT', 'MIT', 'MIT License', null],
    ['Apache-2.0', 'Apache-2.0', 'Apache License 2.0', null],
    ['LGPL-2.1-only', 'LGPL-2.1', 'GNU Lesser General Public License v2.1', 'weak'],
    ['GPL-2.0-only', 'GPL-2.0', 'GNU General Public License v2.0', 'strong'],
    ['BSD-3-Clause', 'BSD-3-Clause', 'BSD 3-Clause "New" or "Revised" License', null],
    ['EPL-2.0', 'EPL-2.0', 'Eclipse Public License 2.0', 'weak'],
  ])('reads the %s text as %s', (source, spdx, name, copyleft) => {
    const found = identifyLicence('LICENSE', asShipped(licenceText(source)));
    expect(found).toEqual({ file: 'LICENSE', spdx, name, confidence: expect.any(Number), copyleft });
    expect(found.confidence).toBeGreaterThanOrEqual(95);
  });

  it('reads the Apache-2.0 notice shipped alone as the licence file, and no other notice as it', () => {
    const notice = [
      'Copyright 2022, Nordlicht Games GmbH',
      '',
      'Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file',
      'except in compliance with the License. You may obtain a copy of the License at:',
      '',
      '  https://www.apache.org/licenses/LICENSE-2.0',
      '',
      'Unless required by applicable law or agreed to in writing, software distributed under the',
      'License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND,',
      'either express or implied. See the License for the specific language governing permissions',
      'and limitations under the License.',
    ].join('\n');
    expect(identifyLicence('licence.txt', notice)).toMatchObject({ spdx: 'Apache-2.0', name: 'Apache License 2.0' });
    // The same words around another licence's name are not the Apache notice.
    const otherNotice = notice.replace('the Apache License, Version 2.0', 'the Mozilla Public License, v. 2.0');
    expect(identifyLicence('licence.txt', otherNotice).spdx).not.toBe('Apache-2.0');
    // The whole Apache text still reads as itself.
    expect(identifyLicence('LICENSE', asShipped(licenceText('Apache-2.0'))).spdx).toBe('Apache-2.0');
  });

  it('never takes the GPL-3.0 or the MPL-2.0 for the Affero GPL, though both texts name it', () => {
    for (const source of ['GPL-3.0-only', 'MPL-2.0']) {
      expect(licenceText(source)).toMatch(/Affero/);
      const [nearest, next] = nearestLicences(licenceText(source));
      expect(nearest!.spdx).not.toBe('AGPL-3.0');
      expect(nearest!.dice - next!.dice).toBeGreaterThan(0.05);
    }
  });

  it('reads the GPL-3.0 without its "How to Apply These Terms" appendix, and the LGPL-3.0 shipped apart from the GPL', () => {
    expect(identifyLicence('COPYING', licenceText('GPL-3.0-only').split('How to Apply These Terms')[0]!).spdx).toBe('GPL-3.0');
    const lesser = licenceText('LGPL-3.0-only').split(/\nGNU GENERAL PUBLIC LICENSE/)[0]!;
    expect(identifyLicence('COPYING.LESSER', lesser)).toMatchObject({ spdx: 'LGPL-3.0', copyleft: 'weak' });
  });

  it('takes Apache-2.0 without its appendix for Apache-2.0, not the Pixar licence that copies it', () => {
    expect(identifyLicence('LICENSE', licenceText('Apache-2.0').split('APPENDIX')[0]!).spdx).toBe('Apache-2.0');
  });

  it('recognises a BSD-3-Clause naming its holder in place of "the copyright holder"', () => {
    const named = licenceText('BSD-3-Clause').replace(/the copyright holder/gi, 'Acme Games Inc.');
    expect(identifyLicence('LICENSE.md', named)).toMatchObject({ spdx: 'BSD-3-Clause' });
  });

  it('leaves a text that is no licence unrecognised, with how near it came', () => {
    const found = identifyLicence('LICENSE.txt', 'All rights reserved. Do not copy this game without asking us first, thank you.');
    expect(found).toMatchObject({ spdx: null, name: null, copyleft: null });
    expect(found.confidence).toBeLessThan(50);
  });

  it('skips Unity’s .meta twin of a licence file', () => {
    expect(isLicenceFile('Assets/Plugins/DOTween/LICENSE.md')).toBe(true);
    expect(isLicenceFile('Assets/Plugins/DOTween/LICENSE.md.meta')).toBe(false);
    expect(isLicenceFile('COPYING.LESSER')).toBe(true);
  });

  it('calls copyleft strong or weak by the SPDX family', () => {
    expect(['GPL-3.0-or-later', 'AGPL-3.0', 'EUPL-1.2'].map(copyleftOf)).toEqual(['strong', 'strong', 'strong']);
    expect(['LGPL-3.0-only', 'MPL-2.0', 'EPL-1.0', 'CDDL-1.1', 'GPL-2.0-with-classpath-exception'].map(copyleftOf)).toEqual(
      Array(5).fill('weak'),
    );
    expect(['MIT', 'Apache-2.0', 'BSD-3-Clause', null].map(copyleftOf)).toEqual([null, null, null, null]);
  });
});
