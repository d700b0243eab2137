export { isStorageKey, STORAGE_KEY_PATTERN, type FileStorage, type StorageArea, type StoredFile } from './file-storage.js';
export { LocalFileStorage } from './local-storage.js';
