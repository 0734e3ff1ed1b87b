import { MESSAGES } from '@daywise/shared';
import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';

import { Button } from '../../components/button';
import { inputClass } from '../../components/form-field';
import { notify } from '../../lib/toast';

/**
 * A secret or an address to copy: read-only text with a Copy button. Where the clipboard is not
 * available the text is selected instead, for the user to copy themselves.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(MESSAGES.copied);
    } catch {
      input.current?.select();
      notify.error(MESSAGES.copyFailed);
    }
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} font-mono text-sm`}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
    </div>
  );
}
