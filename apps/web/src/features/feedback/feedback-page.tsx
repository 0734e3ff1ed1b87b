import {
  FEEDBACK_CATEGORIES,
  MESSAGES,
  RATING_MAX,
  SIMULATED_FORM_DELAY_MS,
} from '@daywise/shared';
import { type Feedback, type FeedbackInput, feedbackSchema } from '@daywise/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';

import { EmailField, FormField, inputClass, SubmitButton } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { apiRequest } from '../../lib/api-client';
import { notify, withMinimumDuration } from '../../lib/toast';
import { StarRating } from './star-rating';

const EMPTY: FeedbackInput = {
  name: '',
  email: '',
  rating: 0,
  category: '' as never,
  feedback: '',
};

function sendFeedback(input: Feedback) {
  return withMinimumDuration(
    apiRequest<{ id: string }>('/api/feedback', { method: 'POST', body: input }),
    SIMULATED_FORM_DELAY_MS,
  );
}

export default function FeedbackPage() {
  const form = useForm<FeedbackInput, unknown, Feedback>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      notify.success(MESSAGES.feedbackSent);
      form.reset(EMPTY);
    },
    // The form keeps what the visitor wrote so nothing is lost.
    onError: () => notify.error(MESSAGES.feedbackFailed),
  });

  return (
    <main>
      <PageHeader title="Share Your Feedback">
        Tell us what works, what does not, and what you would like Daywise to do next. We read every
        message.
      </PageHeader>
      <div className="mx-auto max-w-2xl px-4 py-12">
        <form
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          className="space-y-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Name" error={errors.name?.message}>
              {(field) => (
                <input
                  {...field}
                  {...form.register('name')}
                  required
                  autoComplete="name"
                  className={inputClass}
                />
              )}
            </FormField>
            <EmailField error={errors.email?.message} registration={form.register('email')} />
          </div>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRating value={field.value ?? 0} max={RATING_MAX} onChange={field.onChange} />
            )}
          />
          <FormField label="Category" error={errors.category?.message}>
            {(field) => (
              <select {...field} {...form.register('category')} required className={inputClass}>
                <option value="">Select a category</option>
                {FEEDBACK_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Feedback" error={errors.feedback?.message}>
            {(field) => (
              <textarea
                {...field}
                {...form.register('feedback')}
                required
                rows={6}
                placeholder="What would make Daywise better for you?"
                className={inputClass}
              />
            )}
          </FormField>
          <SubmitButton pending={mutation.isPending} pendingLabel="Submitting...">
            Submit Feedback
          </SubmitButton>
        </form>
      </div>
    </main>
  );
}
