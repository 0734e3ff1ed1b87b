import { Switch } from 'radix-ui';

interface ToggleProps {
  id: string;
  describedBy?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off switch (role="switch"), keyboard operable. */
export function Toggle({ id, describedBy, checked, onChange, disabled = false }: ToggleProps) {
  return (
    <Switch.Root
      id={id}
      aria-describedby={describedBy}
      checked={checked}
      onCheckedChange={onChange}
      disabled={disabled}
      className="relative inline-flex h-6 w-11 items-center rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=checked]:bg-blue-600 dark:bg-gray-600 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </Switch.Root>
  );
}
