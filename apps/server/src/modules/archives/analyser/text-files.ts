/** Text files the detectors read, by path; package caches and build output are left out before they get here. */
export type TextFiles = ReadonlyMap<string, string>;

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
