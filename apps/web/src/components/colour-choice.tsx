import { DEFAULT_TAG_COLOR, TAG_COLORS } from '@daywise/shared';
import { Check } from 'lucide-react';
import { useId } from 'react';

import { Button } from './button';

/**
 * A colour: one of the ten preset swatches (TAG_COLORS), each a toggle button, or any other from
 * the browser's colour picker. Tags and lists choose theirs with it.
 */
export function ColourChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (color: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Colour</legend>
      <div className="flex flex-wrap items-center gap-2">
        {TAG_COLORS.map((color) => (
          <Button
            key={color}
            aria-label={`Colour ${color}`}
            aria-pressed={value?.toUpperCase() === color}
            onClick={() => onChange(color)}
            variant="bare"
            className="flex size-8 items-center justify-center rounded-full ring-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:ring-2 aria-pressed:ring-gray-900 dark:ring-offset-gray-900 dark:aria-pressed:ring-white"
            style={{ backgroundColor: color }}
          >
            {value?.toUpperCase() === color && <Check aria-hidden className="size-4 text-white" />}
          </Button>
        ))}
        <label htmlFor={`${id}-custom`} className="sr-only">
          Custom colour
        </label>
        <input
          id={`${id}-custom`}
          type="color"
          value={value ?? DEFAULT_TAG_COLOR}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-8 w-12 cursor-pointer rounded border border-gray-300 bg-white dark:border-gray-700 dark:bg-gray-900"
        />
      </div>
    </fieldset>
  );
}
