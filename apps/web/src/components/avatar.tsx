import { useState } from 'react';

/** Backgrounds for the initials avatar: white text on each meets WCAG AA contrast. */
const COLORS = [
  'bg-blue-700',
  'bg-red-700',
  'bg-green-700',
  'bg-amber-700',
  'bg-violet-700',
  'bg-pink-700',
  'bg-cyan-700',
  'bg-lime-700',
  'bg-orange-700',
  'bg-gray-700',
] as const;

/** Up to two initials from a name: 'Ada Lovelace' → 'AL', 'ada' → 'A', '' → 'U'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].map((word) => (word ? Array.from(word)[0] : undefined));
  const initials = letters.filter(Boolean).join('').toUpperCase();
  return initials || 'U';
}

/** The same name always gets the same colour. */
export function colorOf(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return COLORS[hash % COLORS.length] ?? COLORS[0];
}

/** The picture's direct file URL: the versioned URL without its `v` query parameter. */
export function directUrl(src: string): string {
  const [path = '', query] = src.split('?', 2);
  if (query === undefined) {
    return src;
  }
  const params = new URLSearchParams(query);
  params.delete('v');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

interface AvatarProps {
  name: string;
  src: string | null;
  /** Width and height in pixels. */
  size?: number;
  /** True when the name is shown next to the avatar, so it needs no text of its own. */
  decorative?: boolean;
}

type Stage = 'picture' | 'direct' | 'initials';

interface AvatarImageProps extends Required<Omit<AvatarProps, 'src'>> {
  src: string | null;
}

function AvatarImage({ name, src, size, decorative }: AvatarImageProps) {
  const [stage, setStage] = useState<Stage>(src ? 'picture' : 'initials');
  const label = name.trim() || 'User';
  const box = { width: size, height: size };

  if (src && stage !== 'initials') {
    const direct = directUrl(src);
    const onError = () => {
      // First failure: the direct file URL; then the initials, drawn here without a request.
      setStage(stage === 'picture' && direct !== src ? 'direct' : 'initials');
    };
    return (
      <img
        src={stage === 'picture' ? src : direct}
        alt={decorative ? '' : label}
        width={size}
        height={size}
        onError={onError}
        style={box}
        className="shrink-0 rounded-full bg-gray-200 object-cover dark:bg-gray-800"
      />
    );
  }

  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      style={{ ...box, fontSize: Math.round(size * 0.4) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none ${colorOf(name)}`}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * The user's picture. If it fails to load it is tried once more at its direct
 * file URL, then replaced by an initials avatar drawn locally (no external avatar service).
 */
export function Avatar({ name, src, size = 96, decorative = false }: AvatarProps) {
  // A new picture starts over from its own URL.
  return <AvatarImage key={src ?? ''} name={name} src={src} size={size} decorative={decorative} />;
}
