// Form schemas live behind their own entry point ('@daywise/shared/schemas') so that pages which
// only need constants and messages do not download zod.
export * from './admin';
export * from './agenda';
export * from './analytics';
export * from './api-tokens';
export * from './archive';
export * from './auth';
export * from './calendar';
export * from './common';
export * from './contact';
export * from './exports';
export * from './feedback';
export * from './filters';
export * from './focus';
export * from './habits';
export * from './imports';
export * from './lists';
export * from './notification-channels';
export * from './plans';
export * from './profile';
export * from './push';
export * from './review';
export * from './sections';
export * from './settings';
export * from './social';
export * from './todo-moves';
export * from './todos';
