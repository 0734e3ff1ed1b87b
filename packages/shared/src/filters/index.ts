export * from './ast';
export { type FilterParseOptions, parseFilter, type UnsupportedTerm } from './parse';
export * from './suggest';
