import { Star } from 'lucide-react';

interface StarRatingProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
}

/**
 * A 1-to-max star rating as a radio group, so arrow keys and screen readers work as they do for
 * any radio buttons. 0 means not rated (rating 0-5, not enforced).
 */
export function StarRating({ value, max, onChange }: StarRatingProps) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">
        Rating <span className="font-normal text-gray-600 dark:text-gray-300">(optional)</span>
      </legend>
      <div className="flex items-center gap-1">
        {Array.from({ length: max }, (_, index) => index + 1).map((star) => (
          <label
            key={star}
            className="relative cursor-pointer rounded p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-blue-600"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              // Invisible but covering the star, so a click or tap on the star picks it.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <Star
              aria-hidden
              className={`size-8 ${
                star <= value ? 'fill-amber-400 text-amber-500' : 'text-gray-400 dark:text-gray-500'
              }`}
            />
            <span className="sr-only">
              {star} {star === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-gray-600 dark:text-gray-300" aria-hidden>
          {value > 0 ? `${value} of ${max}` : 'Not rated'}
        </span>
      </div>
    </fieldset>
  );
}
