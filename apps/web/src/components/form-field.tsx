import { Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-invalid:border-red-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400';

export const selectClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

interface FormFieldProps {
  label: string;
  error?: string | undefined;
  /** Renders the control with the ids that tie it to its label and its error. */
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, a control and its error message, wired for screen readers. */
export function FormField({ label, error, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(error ? { 'aria-describedby': errorId } : {}),
      })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60';

interface SubmitButtonProps {
  pending: boolean;
  /** What the button says while the request runs ('Sending...'). */
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}

/** A form's submit button: disabled with a spinner while its request runs (no double submit). */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = '',
}: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending} className={`${primaryButtonClass} ${className}`}>
      {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** A form-level error, announced when it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </p>
  );
}

interface EmailFieldProps {
  error?: string | undefined;
  /** What react-hook-form's register('email') returned. */
  registration: UseFormRegisterReturn;
  placeholder?: string;
}

/** The labelled email field every account and contact form uses. */
export function EmailField({ error, registration, placeholder }: EmailFieldProps) {
  return (
    <FormField label="Email" error={error}>
      {(field) => (
        <input
          {...field}
          {...registration}
          type="email"
          required
          autoComplete="email"
          placeholder={placeholder}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
