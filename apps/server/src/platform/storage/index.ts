export { isStorageKey, STORAGE_KEY_PATTERN, type FileStorage, type StorageArea, type StoredFile } from './file-storage.js';
export { LocalFileStorage } from './local-storage.js';
export { S3FileStorage, type S3StorageOptions } from './s3-storage.js';
