export * from './ast';
export { parseFilter } from './parse';
export * from './suggest';
