import { z } from 'zod';

/** Bounds of a push subscription as browsers make them (ours; ADR 0016 caps every input). */
export const PUSH_LIMITS = {
  /** Push services' endpoints are a few hundred characters. */
  endpointMax: 1000,
  /** base64url of a 65-byte P-256 public key: 87 characters, 88 padded. */
  p256dhMin: 80,
  p256dhMax: 100,
  /** base64url of the 16-byte auth secret: 22 characters, 24 padded. */
  authMin: 16,
  authMax: 44,
} as const;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
export const pushPublicKeySchema = z
  .object({ publicKey: z.string() })
  .meta({ id: 'PushPublicKey' });

/**
 * A browser's PushSubscription as its toJSON() gives it. Push services answer over HTTPS only,
 * so any other endpoint is refused (it could point the server at an internal address).
 */
/**
 * Push services are public hosts by name, on the https port, without credentials; an address, a
 * local name, a port or a user could only aim the server's requests at its own network. This
 * refuses the obvious cases early; the server's outbound guard checks the addresses a name
 * resolves to when it connects (apps/server/src/lib/outbound.ts, ADR 0022).
 */
function isPublicHostName(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    // Not a URL at all: the url check says so.
    return true;
  }
  // A trailing dot names the same host: 'localhost.' is localhost.
  const host = url.hostname.replace(/\.$/, '');
  return (
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    !/^[\d.]+$/.test(host) &&
    !host.startsWith('[') &&
    host.includes('.') &&
    !/(^|\.)(localhost|local|localdomain|internal|home\.arpa)$/.test(host)
  );
}

const endpointSchema = z
  .url({ protocol: /^https$/, error: 'Must be an https:// URL' })
  .max(PUSH_LIMITS.endpointMax)
  .refine(isPublicHostName, 'Must be a push service on the internet');

export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    p256dh: base64url(PUSH_LIMITS.p256dhMin, PUSH_LIMITS.p256dhMax),
    auth: base64url(PUSH_LIMITS.authMin, PUSH_LIMITS.authMax),
  }),
});

/** A subscription named by its endpoint, which only the browser that holds it knows. */
export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** One device that receives the user's push reminders; never its endpoint or keys. */
export const pushDeviceSchema = z
  .object({
    id: z.string(),
    /** 'Firefox on Linux', from the browser that subscribed. */
    label: z.string(),
    createdAt: z.string(),
    /** When a push last reached the device's push service; null until one has. */
    lastSuccessAt: z.string().nullable(),
  })
  .meta({ id: 'PushDevice' });

export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.array(pushDeviceSchema);
