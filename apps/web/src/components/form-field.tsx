import { Loader2 } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Button, buttonClass } from './button';

export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-invalid:border-red-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400';

export const selectClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

interface FieldProps {
  label: string;
  error?: string | undefined;
  /** A line of help under the control ('At least 8 characters'), tied to it for screen readers. */
  hint?: ReactNode;
  /** Renders the control with the ids that tie it to its label, its hint and its error. */
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, a control, its hint and its error message, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-sm text-gray-600 dark:text-gray-300">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A control's error message, announced when it appears; nothing without one. */
export function FieldError({
  id,
  className = '',
  children,
}: {
  id?: string;
  className?: string;
  children: string | null | undefined;
}) {
  if (!children) {
    return null;
  }
  return (
    <p
      id={id}
      role="alert"
      className={`${className} text-sm text-red-700 dark:text-red-400`.trim()}
    >
      {children}
    </p>
  );
}

/** The name the account and contact forms know `Field` by. */
export const FormField = Field;

interface TextControlProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** What react-hook-form's register(name) returned. */
  registration: UseFormRegisterReturn;
}

/** A labelled one-line text input of a react-hook-form form. */
export function TextField({
  label,
  error,
  hint,
  registration,
  ...props
}: TextControlProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'name'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(field) => <input {...field} {...registration} {...props} className={inputClass} />}
    </Field>
  );
}

/** A labelled multi-line text input of a react-hook-form form. */
export function TextAreaField({
  label,
  error,
  hint,
  registration,
  ...props
}: TextControlProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'name'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(field) => <textarea {...field} {...registration} {...props} className={inputClass} />}
    </Field>
  );
}

export const primaryButtonClass = buttonClass('primary', 'md');

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
    <Button type="submit" disabled={pending} className={className}>
      {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {pending ? pendingLabel : children}
    </Button>
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
    <Field label="Email" error={error}>
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
    </Field>
  );
}
