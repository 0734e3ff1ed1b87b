import type { UseFormRegisterReturn } from 'react-hook-form';

import { EmailField, FormField, inputClass } from './form-field';

interface FieldProps {
  error?: string | undefined;
  registration: UseFormRegisterReturn;
}

/** The sender's name and email, side by side on wide screens (the contact and feedback forms). */
export function NameEmailFields({ name, email }: { name: FieldProps; email: FieldProps }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="Name" error={name.error}>
        {(field) => (
          <input
            {...field}
            {...name.registration}
            required
            autoComplete="name"
            className={inputClass}
          />
        )}
      </FormField>
      <EmailField error={email.error} registration={email.registration} />
    </div>
  );
}
