export * from './constants';
export * from './dates';
export * from './devices';
export * from './errors';
export * from './messages';
export * from './realtime';
export * from './reminders';
export * from './verification-link';
