// The API contract: every endpoint, declared once (docs/ARCHITECTURE.md). Behind its own entry
// point ('@daywise/shared/api') because it carries zod schemas.
export * from './account';
export * from './contact';
export * from './endpoint';
export * from './feedback';
export * from './health';
export * from './params';
export * from './todos';
