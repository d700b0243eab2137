export * from './enums.js';
export * from './limits.js';
export * from './common.js';
export * from './users.js';
export * from './rules/money.js';
export * from './rules/licence.js';
export * from './rules/text.js';
export * from './paths.js';
