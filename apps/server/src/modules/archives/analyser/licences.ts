import type { InsideLicence } from '@market/contracts';
import { baseName } from './engines.js';

export const isLicenceFile = (path: string) => /^(licen[cs]e|copying|notice)([.\-_].*)?$/i.test(baseName(path));

/**
 * Licence texts by the phrases that only they contain, most specific first (the Affero and Lesser
 * GPLs before the GPL, BSD-3 before BSD-2). All patterns match text with its whitespace collapsed.
 */
const SIGNATURES: ReadonlyArray<{ spdx: string; all: readonly RegExp[]; none?: readonly RegExp[] }> = [
  { spdx: 'AGPL-3.0', all: [/gnu affero general public license/, /version 3/] },
  { spdx: 'LGPL-3.0', all: [/gnu lesser general public license/, /version 3/] },
  { spdx: 'LGPL-2.1', all: [/gnu lesser general public license/, /version 2\.1/] },
  { spdx: 'LGPL-2.0', all: [/gnu library general public license/] },
  { spdx: 'GPL-3.0', all: [/gnu general public license/, /version 3/] },
  { spdx: 'GPL-2.0', all: [/gnu general public license/, /version 2/] },
  { spdx: 'Apache-2.0', all: [/apache license/, /version 2\.0/] },
  { spdx: 'MPL-2.0', all: [/mozilla public license,? version 2\.0/] },
  { spdx: 'MIT', all: [/permission is hereby granted, free of charge, to any person obtaining a copy/] },
  { spdx: 'ISC', all: [/permission to use, copy, modify, and\/or distribute this software for any purpose with or without fee/] },
  { spdx: 'BSD-3-Clause', all: [/redistribution and use in source and binary forms/, /neither the name/] },
  { spdx: 'BSD-2-Clause', all: [/redistribution and use in source and binary forms/], none: [/neither the name/] },
  { spdx: 'Unlicense', all: [/this is free and unencumbered software released into the public domain/] },
  { spdx: 'Zlib', all: [/altered source versions must be plainly marked as such/] },
  { spdx: 'BSL-1.0', all: [/boost software license - version 1\.0/] },
  { spdx: 'CC0-1.0', all: [/cc0 1\.0 universal/] },
];

export function identifyLicence(file: string, text: string): InsideLicence {
  const words = text.toLowerCase().replace(/\s+/g, ' ');
  const match = SIGNATURES.find(
    (signature) => signature.all.every((pattern) => pattern.test(words)) && !(signature.none ?? []).some((pattern) => pattern.test(words)),
  );
  const spdx = match?.spdx ?? null;
  return { file, spdx, copyleft: spdx !== null && /^(A|L)?GPL-/.test(spdx) };
}
