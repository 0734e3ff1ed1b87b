import { MESSAGES } from '@daywise/shared';
import { PASSWORD_RULES } from '@daywise/shared/schemas';
import { CheckCircle2, Circle } from 'lucide-react';

/** The live list of unmet password rules, or 'Password meets all requirements'. */
export function PasswordChecklist({ password }: { password: string }) {
  const unmet = PASSWORD_RULES.filter((rule) => !rule.test(password));
  if (unmet.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-green-700 dark:text-green-400">
        <CheckCircle2 aria-hidden className="size-4" />
        {MESSAGES.passwordMeetsAll}
      </p>
    );
  }
  return (
    <ul
      aria-label="Password requirements"
      className="space-y-1 text-sm text-gray-600 dark:text-gray-300"
    >
      {unmet.map((rule) => (
        <li key={rule.label} className="flex items-center gap-2">
          <Circle aria-hidden className="size-3.5" />
          {rule.label}
        </li>
      ))}
    </ul>
  );
}
