// Form schemas live behind their own entry point ('@daywise/shared/schemas') so that pages which
// only need constants and messages do not download zod.
export * from './agenda';
export * from './analytics';
export * from './auth';
export * from './common';
export * from './contact';
export * from './feedback';
export * from './plans';
export * from './profile';
export * from './push';
export * from './settings';
export * from './social';
export * from './todos';
