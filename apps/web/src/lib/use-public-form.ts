import { SIMULATED_FORM_DELAY_MS } from '@daywise/shared';
import { useMutation } from '@tanstack/react-query';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';

import { PUBLIC_FORM_MUTATION, publicFormSignal } from './public-request';
import { withMinimumDuration } from './toast';

interface PublicFormOptions<TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** The blank form, and what it goes back to once sent. */
  empty: TInput;
  /** Sends the values; `signal` gives up on a server that does not answer (public-request.ts). */
  send: (values: TOutput, signal: AbortSignal) => Promise<unknown>;
  /** The toasts for each outcome. */
  sent: string;
  failed: string;
}

/**
 * A form anyone may send (contact, feedback): it takes at least a moment so the sending state is
 * seen, is emptied once sent, and keeps what the visitor typed when it fails, so nothing is lost.
 */
export function usePublicForm<TInput extends FieldValues, TOutput>({
  resolver,
  empty,
  send,
  sent,
  failed,
}: PublicFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues: empty as DefaultValues<TInput>,
  });
  const mutation = useMutation({
    ...PUBLIC_FORM_MUTATION,
    mutationFn: (values: TOutput) =>
      withMinimumDuration(send(values, publicFormSignal()), SIMULATED_FORM_DELAY_MS),
    meta: { succeeded: sent, failed },
    onSuccess: () => form.reset(empty),
  });
  const submit = form.handleSubmit((values) => mutation.mutate(values));
  return { form, errors: form.formState.errors, sending: mutation.isPending, submit };
}
