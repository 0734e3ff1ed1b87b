import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { IconButton } from '../../components/button';
import { FormField, inputClass } from '../../components/form-field';

/** A password field with a show/hide toggle (login and sign-up). */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-11`} />
      <IconButton
        onClick={() => setVisible((shown) => !shown)}
        label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        tone="bare"
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-300 dark:hover:text-white"
      >
        {visible ? (
          <EyeOff aria-hidden className="size-5" />
        ) : (
          <Eye aria-hidden className="size-5" />
        )}
      </IconButton>
    </div>
  );
}

interface PasswordFieldProps {
  label: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  /** 'current-password' to sign in, 'new-password' to choose one. */
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
}

/** A labelled password field with its error, as every account form has one. */
export function PasswordField({ label, error, registration, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(field) => <PasswordInput {...field} {...registration} {...input} />}
    </FormField>
  );
}
