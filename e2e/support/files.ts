import { makeZip } from '@market/sample-archives';

/** A small valid PNG (64×40, one colour), enough for the server's image pipeline. */
export const PNG_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAb0lEQVRYhe2SQQkAQRDDqu6+8S8gPk5GGbZQAUlo+Dy91AmYgPWK7ELeXeoETMB6RXYh7y51AiZgvSK7kHeXOgETsF6RXci7S52ACVivyC7k3aVOwASsV2QX8u5SJ2AC1iuyC3l3qRMwAesVeflCP54exNMFcjcVAAAAAElFTkSuQmCC',
  'base64',
);

/** A one-file ZIP archive, built here so no binary fixture is committed. */
export function zipWithOneFile(name: string, content: string): Buffer {
  return makeZip([{ name, content }]);
}

/** A ZIP archive of the given files (path → text), built here so no binary fixture is committed. */
export function makeZipOf(files: Record<string, string>): Buffer {
  return makeZip(Object.entries(files).map(([name, content]) => ({ name, content })));
}
