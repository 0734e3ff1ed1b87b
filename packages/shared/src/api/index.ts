// The API contract: every endpoint, declared once (docs/ARCHITECTURE.md). Behind its own entry
// point ('@daywise/shared/api') because it carries zod schemas.
export * from './account';
export * from './agenda';
export * from './analytics';
export * from './api-tokens';
export * from './calendar';
export * from './contact';
export * from './endpoint';
export * from './error-answers';
export * from './exports';
export * from './feedback';
export * from './filters';
export * from './focus';
export * from './habits';
export * from './health';
export * from './imports';
export * from './lists';
export * from './notifications';
export * from './params';
export * from './plans';
export * from './profile';
export * from './push';
export * from './sections';
export * from './settings';
export * from './social';
export * from './tags';
export * from './todos';
