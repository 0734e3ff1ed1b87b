import { FEEDBACK_CATEGORIES, RATING_MAX } from '@daywise/shared';
import { Controller } from 'react-hook-form';

import { FormField, inputClass, SubmitButton } from '../../components/form-field';
import { NameEmailFields } from '../../components/name-email-fields';
import { PageHeader } from '../../components/page-header';
import { StarRating } from './star-rating';
import { useFeedbackForm } from './use-feedback';

export default function FeedbackPage() {
  const { form, errors, sending, submit } = useFeedbackForm();

  return (
    <main>
      <PageHeader title="Share Your Feedback">
        Tell us what works, what does not, and what you would like Daywise to do next. We read every
        message.
      </PageHeader>
      <div className="mx-auto max-w-2xl px-4 py-12">
        <form onSubmit={submit} className="space-y-5">
          <NameEmailFields
            name={{ error: errors.name?.message, registration: form.register('name') }}
            email={{ error: errors.email?.message, registration: form.register('email') }}
          />
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
          <SubmitButton pending={sending} pendingLabel="Submitting...">
            Submit Feedback
          </SubmitButton>
        </form>
      </div>
    </main>
  );
}
