import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver loaded when the form is first used, not with its page: a form's schema
 * brings zod, which a page does not need to show and hydrate (ADR 0018). `preload` starts
 * loading it (on the form's first focus), so it is there by the time the form is checked.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () => (loading ??= load());
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded(),
  };
}
