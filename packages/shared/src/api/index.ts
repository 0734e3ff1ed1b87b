// The API contract: every endpoint, declared once (docs/ARCHITECTURE.md). Behind its own entry
// point ('@daywise/shared/api') because it carries zod schemas.
export * from './endpoint';
export * from './params';
export * from './social';
export * from './todos';
